import { useEffect, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../map.css';
import type {
  LayerSpecification,
  MapGeoJSONFeature,
  RasterSourceSpecification,
  StyleSpecification,
  VectorTileSource,
} from 'maplibre-gl';
import type { Feature, Point, Polygon } from 'geojson';
import { createDraw, type MapboxDraw } from '../draw';
import { idsInside, polygonArea } from '../geometry';
import { styleZooms } from '../legend';
import { sameOrigin, withFilter } from '../urls';

maplibregl.setWorkerUrl(workerUrl);

/** What a click on the map does. */
export type MapMode = 'browse' | 'tree' | 'group' | 'work' | 'select' | 'edit';
export type FeatureKind = 'tree' | 'group' | 'work';

export interface MapViewProps {
  /** The style of the data layers for the current theme and scheme (from the server). */
  style: StyleSpecification;
  /** The raster basemap below the data, or none for the plain background. */
  basemap?: RasterSourceSpecification | null;
  layers: { trees: boolean; groups: boolean; works: boolean };
  labels: boolean;
  mode: MapMode;
  /** Selected trees and groups by feature id (fid), highlighted on the map. */
  selection: number[];
  /** The object whose geometry is being edited (mode "edit"); a new key loads it. */
  editing?: { key: string; geom: Point | Polygon; rev?: number } | null;
  /** Change it to reload the tiles (after a change). */
  refreshKey: number;
  /** The filter the data tiles show (JSON of the filter model); none: the stock. */
  filter?: string | null;
  /** Where to look: a new key moves the map. */
  view?: {
    key: string;
    bounds?: [number, number, number, number];
    center?: [number, number];
    zoom?: number;
    /** Only bring `center` into view, keeping the zoom, when it is not visible already. */
    ifHidden?: boolean;
  };
  /** A tree, group or work was clicked (for a work, `tree` is the fid of its tree or group). */
  onFeatureClick?: (fid: number, kind: FeatureKind, properties: Record<string, unknown>) => void;
  /** A point or polygon was drawn in mode tree, group, work. */
  onDrawn?: (mode: MapMode, geom: Point | Polygon) => void;
  /** The area of the polygon being drawn (m²) and where the pointer is; null when not drawing. */
  onDrawArea?: (area: number | null, at?: { x: number; y: number }) => void;
  /** A selection polygon was drawn: the fids of the trees inside it. */
  onSelectPolygon?: (polygon: Polygon, fids: number[]) => void;
  /** The edited geometry changed (moved point, moved vertices). */
  onEdited?: (key: string, geom: Point | Polygon) => void;
  /** The tiles want more zoom for this (e.g. selecting from the grid). */
  onMessage?: (key: string) => void;
  onLoad?: () => void;
}

declare global {
  interface Window {
    __map?: maplibregl.Map;
  }
}

const DATA_SOURCES = ['trees', 'groups', 'works'] as const;
const CLICK_LAYERS = ['trees', 'works', 'groups-fill', 'trees-grid'];

function kindOfLayer(id: string): FeatureKind {
  if (id.startsWith('groups')) return 'group';
  if (id.startsWith('works')) return 'work';
  return 'tree';
}

function layerKind(l: LayerSpecification): string | undefined {
  const m = (l as { metadata?: Record<string, unknown> }).metadata;
  return typeof m?.['arbor:kind'] === 'string' ? (m['arbor:kind'] as string) : undefined;
}

function isLabelLayer(l: LayerSpecification): boolean {
  return !!(l as { metadata?: Record<string, unknown> }).metadata?.['arbor:labels'];
}

/** Applies a new style of the same layers (another theme or scheme) property by property, so
 *  sources, tiles, the basemap and the drawing stay. */
function applyStyle(map: maplibregl.Map, style: StyleSpecification) {
  for (const l of style.layers) {
    if (!map.getLayer(l.id)) continue;
    const paint = (l as { paint?: Record<string, unknown> }).paint ?? {};
    for (const [k, v] of Object.entries(paint)) {
      map.setPaintProperty(l.id, k as never, v as never);
    }
    const layout = (l as { layout?: Record<string, unknown> }).layout ?? {};
    for (const [k, v] of Object.entries(layout)) {
      if (k !== 'visibility') map.setLayoutProperty(l.id, k as never, v as never);
    }
  }
}

/**
 * The one component that owns MapLibre (and mapbox-gl-draw on it): props in, callbacks out,
 * map.remove() on unmount.
 */
export function MapView(props: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const drawRef = useRef<MapboxDraw | null>(null);
  const loaded = useRef(false);
  const propsRef = useRef(props);
  propsRef.current = props;
  const selected = useRef<Set<number>>(new Set());

  // Create once; the style of the first render sets sources and layers.
  useEffect(() => {
    if (!container.current) return;
    const p = propsRef.current;
    const map = new maplibregl.Map({
      container: container.current,
      style: p.style,
      center: p.view?.center ?? [10.45, 51.16],
      zoom: p.view?.zoom ?? 5,
      bounds: p.view?.bounds,
      fitBoundsOptions: { padding: 60, maxZoom: 18 },
      maxZoom: 22,
      attributionControl: { compact: true },
      transformRequest: (url, type) => ({
        url: type === 'Tile' ? withFilter(sameOrigin(url), propsRef.current.filter) : sameOrigin(url),
        credentials: 'same-origin',
      }),
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: true, visualizePitch: false }), 'bottom-right');
    map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-right');
    const draw = createDraw();
    map.addControl(draw as unknown as maplibregl.IControl);
    mapRef.current = map;
    drawRef.current = draw;
    // mapbox-gl-draw fires its events on the map; MapLibre's types do not know them.
    const onDraw = <E,>(type: string, fn: (e: E) => void) =>
      (map.on as unknown as (t: string, f: (e: E) => void) => void).call(map, type, fn);
    window.__map = map;

    map.on('load', () => {
      loaded.current = true;
      syncBasemap();
      syncVisibility();
      syncSelection();
      propsRef.current.onLoad?.();
    });

    // mapbox-gl-draw finishes a drawing or a drag on mouseup; the click of that same mouseup comes
    // at once and must not open what lies below. A later click (a person picking the next tree)
    // is taken: only draw.create and draw.update, which follow a person's hand, set the guard.
    let lastDrawn = 0;
    map.on('click', (e) => {
      const cur = propsRef.current;
      if (cur.mode !== 'browse' && cur.mode !== 'edit') return;
      if (Date.now() - lastDrawn < 150) return;
      const layers = CLICK_LAYERS.filter(
        (id) => map.getLayer(id) && map.getLayoutProperty(id, 'visibility') !== 'none',
      );
      const box: [maplibregl.PointLike, maplibregl.PointLike] = [
        [e.point.x - 5, e.point.y - 5],
        [e.point.x + 5, e.point.y + 5],
      ];
      const hits = map.queryRenderedFeatures(box, { layers });
      const order = ['trees', 'works', 'groups-fill', 'trees-grid'];
      hits.sort((a, b) => order.indexOf(a.layer.id) - order.indexOf(b.layer.id));
      const hit = hits[0];
      if (!hit) return;
      if (hit.layer.id === 'trees-grid') {
        map.easeTo({ center: e.lngLat, zoom: Math.max(map.getZoom() + 2, styleZooms(cur.style).detail + 0.5) });
        return;
      }
      if (typeof hit.id === 'number') cur.onFeatureClick?.(hit.id, kindOfLayer(hit.layer.id), hit.properties ?? {});
    });

    const hoverLayers = ['trees', 'works', 'groups-fill', 'trees-grid'];
    for (const id of hoverLayers) {
      map.on('mouseenter', id, () => {
        const m = propsRef.current.mode;
        if (m === 'browse' || m === 'edit') map.getCanvas().style.cursor = 'pointer';
      });
      map.on('mouseleave', id, () => {
        const m = propsRef.current.mode;
        if (m === 'browse' || m === 'edit') map.getCanvas().style.cursor = '';
      });
    }

    // Live area of the polygon being drawn.
    map.on('mousemove', (e) => {
      const cur = propsRef.current;
      if (cur.mode !== 'group' && cur.mode !== 'select' && cur.mode !== 'edit') return;
      const poly = draw.getAll().features.find((f) => f.geometry.type === 'Polygon');
      const a = poly ? polygonArea(poly.geometry as Polygon) : 0;
      cur.onDrawArea?.(a > 0 ? a : null, { x: e.point.x, y: e.point.y });
    });

    onDraw('draw.create', (e: { features: Feature[] }) => {
      const cur = propsRef.current;
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
      const cur = propsRef.current;
      lastDrawn = Date.now();
      const f = e.features[0];
      if (f && cur.editing) cur.onEdited?.(cur.editing.key, f.geometry as Point | Polygon);
    });

    // Leaving an edit (click beside it) returns the drawing to its place in edit mode.
    onDraw('draw.modechange', (e: { mode: string }) => {
      const cur = propsRef.current;
      if (cur.mode === 'edit' && e.mode === 'simple_select' && cur.editing) {
        const ids = draw.getAll().features.map((f) => String(f.id));
        if (ids.length) draw.changeMode('simple_select', { featureIds: ids });
      }
    });

    return () => {
      loaded.current = false;
      if (window.__map === map) delete window.__map;
      try {
        map.removeControl(draw as unknown as maplibregl.IControl);
      } catch {
        // the map may already be gone
      }
      map.remove();
      mapRef.current = null;
      drawRef.current = null;
    };
  }, []);

  function syncBasemap() {
    const map = mapRef.current;
    if (!map || !loaded.current) return;
    const b = propsRef.current.basemap;
    if (map.getLayer('basemap')) map.removeLayer('basemap');
    if (map.getSource('basemap')) map.removeSource('basemap');
    if (!b) return;
    map.addSource('basemap', b);
    const before = map.getStyle().layers.find((l) => l.id !== 'background')?.id;
    map.addLayer({ id: 'basemap', type: 'raster', source: 'basemap', paint: { 'raster-fade-duration': 150 } }, before);
  }

  function syncVisibility() {
    const map = mapRef.current;
    if (!map || !loaded.current) return;
    const { layers, labels, style } = propsRef.current;
    for (const l of style.layers) {
      if (!map.getLayer(l.id)) continue;
      const kind = layerKind(l);
      let on = true;
      if (kind === 'tree') on = layers.trees;
      else if (kind === 'group') on = layers.groups;
      else if (kind === 'work') on = layers.works;
      if (isLabelLayer(l))
        on = labels && ((l as { source?: string }).source === 'trees' ? layers.trees : layers.groups);
      map.setLayoutProperty(l.id, 'visibility', on ? 'visible' : 'none');
    }
  }

  function syncSelection() {
    const map = mapRef.current;
    if (!map || !loaded.current) return;
    const next = new Set(propsRef.current.selection);
    for (const id of selected.current) {
      if (!next.has(id)) {
        for (const s of ['trees', 'groups']) map.removeFeatureState({ source: s, sourceLayer: s, id }, 'selected');
      }
    }
    for (const id of next) {
      for (const s of ['trees', 'groups']) map.setFeatureState({ source: s, sourceLayer: s, id }, { selected: true });
    }
    selected.current = next;
  }

  // Theme or scheme: same layers, other colours.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded.current) return;
    applyStyle(map, props.style);
    syncVisibility();
  }, [props.style]);

  useEffect(syncBasemap, [props.basemap]);

  useEffect(syncVisibility, [props.layers.trees, props.layers.groups, props.layers.works, props.labels]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(syncSelection, [props.selection.join(',')]);

  // New tiles after a change: the TileJSON names the new revision.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || props.refreshKey === 0) return;
    let cancelled = false;
    for (const id of DATA_SOURCES) {
      const src = map.getSource(id) as VectorTileSource | undefined;
      const url = (props.style.sources[id] as { url?: string } | undefined)?.url;
      if (!src || !url) continue;
      fetch(sameOrigin(url), { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } })
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
        .then((tj: { tiles?: string[] }) => {
          if (!cancelled && tj.tiles && mapRef.current === map) src.setTiles(tj.tiles.map((u) => sameOrigin(u)));
        })
        .catch(() => undefined);
    }
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.refreshKey]);

  // Another filter: the data tiles again, drawn for it.
  // The map was created with the first filter; only later ones reload.
  const filterSeen = useRef(false);
  useEffect(() => {
    const map = mapRef.current;
    if (!filterSeen.current) {
      filterSeen.current = true;
      return;
    }
    if (!map) return;
    const reload = () => {
      for (const id of DATA_SOURCES) {
        const src = map.getSource(id) as VectorTileSource | undefined;
        if (src?.tiles) src.setTiles([...src.tiles]);
      }
    };
    // Tiles asked for before the map loaded may carry the old filter: load them again then.
    if (loaded.current) reload();
    else map.once('load', reload);
    return () => void map.off('load', reload);
  }, [props.filter]);

  // Drawing modes.
  useEffect(() => {
    const map = mapRef.current;
    const draw = drawRef.current;
    if (!map || !draw) return;
    const apply = () => {
      draw.deleteAll();
      propsRef.current.onDrawArea?.(null);
      const canvas = map.getCanvas();
      switch (props.mode) {
        case 'tree':
        case 'work':
          draw.changeMode('draw_point');
          canvas.style.cursor = 'crosshair';
          break;
        case 'group':
        case 'select':
          draw.changeMode('draw_polygon');
          canvas.style.cursor = 'crosshair';
          break;
        default:
          draw.changeMode('simple_select');
          canvas.style.cursor = '';
      }
    };
    // Once the map has loaded, at once (isStyleLoaded() is false while tiles load).
    if (loaded.current) apply();
    else map.once('load', apply);
  }, [props.mode]);

  // The object being edited: its geometry in the drawing, vertices draggable.
  const editKey = props.editing ? `${props.editing.key}:${props.editing.rev ?? 0}` : undefined;
  useEffect(() => {
    const map = mapRef.current;
    const draw = drawRef.current;
    const editing = propsRef.current.editing;
    if (!map || !draw || propsRef.current.mode !== 'edit') return;
    draw.deleteAll();
    if (!editing) return;
    const [id] = draw.add({ type: 'Feature', properties: {}, geometry: editing.geom });
    if (editing.geom.type === 'Polygon') draw.changeMode('direct_select', { featureId: id });
    else draw.changeMode('simple_select', { featureIds: [id] });
  }, [editKey]);

  // Where to look.
  const viewKey = props.view?.key;
  useEffect(() => {
    const map = mapRef.current;
    const v = propsRef.current.view;
    if (!map || !v) return;
    if (v.ifHidden && v.center) {
      const center = v.center;
      // After a side panel opened the map may still be resizing or moving: look once it has.
      const check = () => {
        if (!map.getBounds().contains(center)) map.easeTo({ center, duration: 500 });
      };
      const h = setTimeout(() => (map.isMoving() ? map.once('moveend', check) : check()), 250);
      return () => {
        clearTimeout(h);
        map.off('moveend', check);
      };
    }
    if (v.bounds) map.fitBounds(v.bounds, { padding: 60, maxZoom: 18, duration: 600 });
    else if (v.center)
      map.flyTo({
        center: v.center,
        zoom: v.zoom ?? Math.max(map.getZoom(), styleZooms(propsRef.current.style).labels),
      });
  }, [viewKey]);

  return <div ref={container} data-testid="map-canvas" style={{ position: 'absolute', inset: 0 }} />;
}
