import type * as maplibregl from 'maplibre-gl';
import type { MapGeoJSONFeature } from 'maplibre-gl';
import type { Feature, Point, Polygon } from 'geojson';
import type { MapboxDraw } from '../draw';
import { idsInside, polygonArea } from '../geometry';
import { styleZooms } from '../legend';
import type { FeatureKind, MapViewProps } from './mapTypes';

const CLICK_LAYERS = ['trees', 'works', 'groups-fill', 'trees-grid'];

function kindOfLayer(id: string): FeatureKind {
  if (id.startsWith('groups')) return 'group';
  if (id.startsWith('works')) return 'work';
  return 'tree';
}

/**
 * Wires the map's and the drawing's events to the component's callbacks; `props` answers the
 * props of the latest render (the events outlive renders).
 */
export function wireEvents(map: maplibregl.Map, draw: MapboxDraw, props: () => MapViewProps) {
  // mapbox-gl-draw fires its events on the map; MapLibre's types do not know them.
  const onDraw = <E>(type: string, fn: (e: E) => void) =>
    (map.on as unknown as (t: string, f: (e: E) => void) => void).call(map, type, fn);

  // mapbox-gl-draw finishes a drawing or a drag on mouseup; the click of that same mouseup comes
  // at once and must not open what lies below. A later click (a person picking the next tree)
  // is taken: only draw.create and draw.update, which follow a person's hand, set the guard.
  let lastDrawn = 0;
  map.on('click', (e) => {
    const cur = props();
    if (cur.mode !== 'browse' && cur.mode !== 'edit') return;
    if (Date.now() - lastDrawn < 150) return;
    const layers = CLICK_LAYERS.filter((id) => map.getLayer(id) && map.getLayoutProperty(id, 'visibility') !== 'none');
    const box: [maplibregl.PointLike, maplibregl.PointLike] = [
      [e.point.x - 5, e.point.y - 5],
      [e.point.x + 5, e.point.y + 5],
    ];
    const hits = map.queryRenderedFeatures(box, { layers });
    hits.sort((a, b) => CLICK_LAYERS.indexOf(a.layer.id) - CLICK_LAYERS.indexOf(b.layer.id));
    const hit = hits[0];
    if (!hit) return;
    if (hit.layer.id === 'trees-grid') {
      map.easeTo({ center: e.lngLat, zoom: Math.max(map.getZoom() + 2, styleZooms(cur.style).detail + 0.5) });
      return;
    }
    if (typeof hit.id === 'number') cur.onFeatureClick?.(hit.id, kindOfLayer(hit.layer.id), hit.properties ?? {});
  });

  for (const id of CLICK_LAYERS) {
    map.on('mouseenter', id, () => {
      const m = props().mode;
      if (m === 'browse' || m === 'edit') map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', id, () => {
      const m = props().mode;
      if (m === 'browse' || m === 'edit') map.getCanvas().style.cursor = '';
    });
  }

  // Live area of the polygon being drawn.
  map.on('mousemove', (e) => {
    const cur = props();
    if (cur.mode !== 'group' && cur.mode !== 'select' && cur.mode !== 'edit') return;
    const poly = draw.getAll().features.find((f) => f.geometry.type === 'Polygon');
    const a = poly ? polygonArea(poly.geometry as Polygon) : 0;
    cur.onDrawArea?.(a > 0 ? a : null, { x: e.point.x, y: e.point.y });
  });

  onDraw('draw.create', (e: { features: Feature[] }) => {
    const cur = props();
    lastDrawn = Date.now();
    const f = e.features[0];
    draw.deleteAll();
    cur.onDrawArea?.(null);
    if (!f) return;
    const geom = f.geometry as Point | Polygon;
    if (cur.mode === 'select' && geom.type === 'Polygon') {
      const rendered = map.queryRenderedFeatures({ layers: ['trees'].filter((id) => map.getLayer(id)) });
      const points = rendered.filter(
        (r: MapGeoJSONFeature) => r.geometry.type === 'Point',
      ) as unknown as Feature<Point>[];
      const grid = map.getZoom() < styleZooms(cur.style).detail;
      if (grid) cur.onMessage?.('map.errors.zoomInToSelect');
      cur.onSelectPolygon?.(geom, grid ? [] : idsInside(points, geom));
      return;
    }
    cur.onDrawn?.(cur.mode, geom);
  });

  onDraw('draw.update', (e: { features: Feature[] }) => {
    const cur = props();
    lastDrawn = Date.now();
    const f = e.features[0];
    if (f && cur.editing) cur.onEdited?.(cur.editing.key, f.geometry as Point | Polygon);
  });

  // Leaving an edit (click beside it) returns the drawing to its place in edit mode.
  onDraw('draw.modechange', (e: { mode: string }) => {
    const cur = props();
    if (cur.mode === 'edit' && e.mode === 'simple_select' && cur.editing) {
      const ids = draw.getAll().features.map((f) => String(f.id));
      if (ids.length) draw.changeMode('simple_select', { featureIds: ids });
    }
  });
}
