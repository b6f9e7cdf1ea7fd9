import { useEffect, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../map.css';
import { setBasemap } from '../basemapLayer';
import { createDraw, type MapboxDraw } from '../draw';
import { sameOrigin, withFilter } from '../urls';
import { applySelection, applyStyle, applyVisibility } from './mapSync';
import { wireEvents } from './mapEvents';
import { fitPadding, type MapViewProps } from './mapTypes';
import { useMapUpdates } from './useMapUpdates';

export type { FeatureKind, MapMode, MapViewProps } from './mapTypes';

maplibregl.setWorkerUrl(workerUrl);

declare global {
  interface Window {
    __map?: maplibregl.Map;
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
  const basemapRun = useRef(0);

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
      fitBoundsOptions: { padding: fitPadding(p.coveredRight), maxZoom: 18 },
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
    window.__map = map;

    map.on('load', () => {
      loaded.current = true;
      // A map made while its box was still collapsing or growing (a phone turned, the split
      // reflowing) may have missed the fit of the objects: fit them now.
      const bounds = propsRef.current.view?.bounds;
      const fit =
        bounds && map.cameraForBounds(bounds, { padding: fitPadding(propsRef.current.coveredRight), maxZoom: 18 });
      // With the info window open the objects belong beside it, which the first fit may not have known.
      const covered = (propsRef.current.coveredRight ?? 0) > 0;
      if (fit && fit.zoom !== undefined && (covered || Math.abs(map.getZoom() - fit.zoom) > 1)) map.jumpTo(fit);
      syncBasemap();
      syncVisibility();
      syncSelection();
      propsRef.current.onLoad?.();
    });
    wireEvents(map, draw, () => propsRef.current);

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
    const run = ++basemapRun.current;
    // The sources' names fold into the (i) button once drawn: MapLibre opens them when the
    // basemap brings the first, and open they cover a small map's foot.
    const fold = () =>
      container.current?.querySelector('.maplibregl-ctrl-attrib')?.classList.remove('maplibregl-compact-show');
    void setBasemap(map, propsRef.current.basemap, () => basemapRun.current === run && mapRef.current === map).then(
      () => map.once('idle', fold),
    );
  }

  function syncVisibility() {
    const map = mapRef.current;
    if (!map || !loaded.current) return;
    const { layers, labels, style } = propsRef.current;
    applyVisibility(map, style, layers, labels);
  }

  function syncSelection() {
    const map = mapRef.current;
    if (!map || !loaded.current) return;
    selected.current = applySelection(map, selected.current, propsRef.current.selection);
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

  useMapUpdates(props, mapRef, drawRef, loaded, propsRef);

  return <div ref={container} data-testid="map-canvas" style={{ position: 'absolute', inset: 0 }} />;
}
