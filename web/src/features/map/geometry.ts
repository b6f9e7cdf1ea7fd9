import { area, booleanPointInPolygon, kinks } from '@turf/turf';
import type { Feature, Point, Polygon, Position } from 'geojson';

export { formatArea } from '@/lib/format';

/** Why a drawn geometry cannot be saved, as an i18n key; undefined when it is fine. */
export function geometryProblem(geom: Point | Polygon): string | undefined {
  const positions: Position[] = geom.type === 'Point' ? [geom.coordinates] : geom.coordinates.flat();
  for (const [lon, lat] of positions) {
    if (!Number.isFinite(lon) || !Number.isFinite(lat) || lon < -180 || lon > 180 || lat < -85.06 || lat > 85.06) {
      return 'map.errors.outOfRange';
    }
  }
  if (geom.type === 'Polygon') {
    const ring = geom.coordinates[0] ?? [];
    if (ring.length < 4) return 'map.errors.tooFewPoints';
    if (kinks({ type: 'Feature', properties: {}, geometry: geom }).features.length > 0) {
      return 'map.errors.selfIntersecting';
    }
    if (area(geom) <= 0) return 'map.errors.tooFewPoints';
  }
  return undefined;
}

/** Area of a polygon in m² (geodesic), 0 for anything with fewer than three corners. */
export function polygonArea(geom: Polygon | undefined | null): number {
  if (!geom || geom.type !== 'Polygon') return 0;
  // A polygon being drawn may hold incomplete positions.
  const ring = (geom.coordinates?.[0] ?? []).filter(
    (p): p is Position => Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1]),
  );
  const distinct = new Set(ring.map((p) => `${p[0]},${p[1]}`)).size;
  if (distinct < 3) return 0;
  const first = ring[0];
  const last = ring[ring.length - 1];
  const closed = first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
  return area({ type: 'Polygon', coordinates: [closed] });
}

/** The ids of the point features inside a polygon, each once. */
export function idsInside(features: Feature<Point>[], polygon: Polygon): number[] {
  const ids = new Set<number>();
  for (const f of features) {
    if (f.geometry?.type !== 'Point' || typeof f.id !== 'number') continue;
    if (booleanPointInPolygon(f.geometry.coordinates, polygon)) ids.add(f.id);
  }
  return [...ids].sort((a, b) => a - b);
}
