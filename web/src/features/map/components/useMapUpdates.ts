import { useEffect, useRef, type MutableRefObject } from 'react';
import type * as maplibregl from 'maplibre-gl';
import type { VectorTileSource } from 'maplibre-gl';
import type { MapboxDraw } from '../draw';
import { styleZooms } from '../legend';
import { sameOrigin } from '../urls';
import { fitPadding, type MapViewProps } from './mapTypes';
import { hiddenAt, viewOffset } from './mapRoom';

const DATA_SOURCES = ['trees', 'groups', 'works'] as const;

/**
 * The map's answers to props that change after it stands: new tiles after a change or for
 * another filter, the drawing mode, the object being edited, and where to look.
 */
export function useMapUpdates(
  props: MapViewProps,
  mapRef: MutableRefObject<maplibregl.Map | null>,
  drawRef: MutableRefObject<MapboxDraw | null>,
  loaded: MutableRefObject<boolean>,
  propsRef: MutableRefObject<MapViewProps>,
) {
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
  }, [props.filter, mapRef, loaded]);

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
  }, [props.mode, mapRef, drawRef, loaded, propsRef]);

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
  }, [editKey, mapRef, drawRef, propsRef]);

  // Where to look.
  const viewKey = props.view?.key;
  // The view a map is made with placed it already; one to bring an object into view started it
  // at the objects, which shows that one too.
  const madeWith = useRef(viewKey);
  useEffect(() => {
    const map = mapRef.current;
    const v = propsRef.current.view;
    if (!map || !v) return;
    if (v.ifHidden && v.key === madeWith.current) return;
    if (v.ifHidden && v.center) {
      const center = v.center;
      // After a side panel opened the map may still be resizing or moving: look once it has.
      // What the info window and the legend cover counts as hidden; the object then comes to the
      // middle of the rest.
      const covered = propsRef.current.coveredRight ?? 0;
      const legend = propsRef.current.coveredLowerLeft;
      const check = () => {
        const size = map.getCanvas().getBoundingClientRect();
        if (hiddenAt(map.project(center), size, covered, legend))
          map.easeTo({ center, offset: viewOffset(size, covered, legend), duration: 500 });
      };
      const h = setTimeout(() => (map.isMoving() ? map.once('moveend', check) : check()), 250);
      return () => {
        clearTimeout(h);
        map.off('moveend', check);
      };
    }
    if (v.bounds)
      map.fitBounds(v.bounds, { padding: fitPadding(propsRef.current.coveredRight), maxZoom: 18, duration: 600 });
    else if (v.center)
      map.flyTo({
        center: v.center,
        zoom: v.zoom ?? Math.max(map.getZoom(), styleZooms(propsRef.current.style).labels),
      });
  }, [viewKey, mapRef, propsRef]);
}
