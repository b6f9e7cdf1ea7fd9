import type { Point, Polygon } from 'geojson';

/** A message over the map: an i18n key or the server's text. */
export interface MapMessage {
  key?: string;
  text?: string;
  color: 'red' | 'green' | 'blue';
  id: number;
}

export function uuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The middle of a point or of a polygon's outer ring's box. */
export function geometryCenter(g: Point | Polygon | undefined): [number, number] | null {
  if (!g) return null;
  if (g.type === 'Point') return [g.coordinates[0], g.coordinates[1]];
  const ring = g.coordinates?.[0];
  if (!ring?.length) return null;
  const xs = ring.map((c) => c[0]);
  const ys = ring.map((c) => c[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

/** The box around two boxes, either of which may be missing. */
export function union(a?: number[], b?: number[]): [number, number, number, number] | undefined {
  if (!a) return b as [number, number, number, number] | undefined;
  if (!b) return a as [number, number, number, number];
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}
