import MapboxDraw from '@mapbox/mapbox-gl-draw';
import '@mapbox/mapbox-gl-draw/dist/mapbox-gl-draw.css';

// mapbox-gl-draw looks for Mapbox's class names; under MapLibre they are maplibregl-* (docs/DECISIONS.md).
const classes = MapboxDraw.constants.classes as Record<string, string>;
classes.CANVAS = 'maplibregl-canvas';
classes.CONTROL_BASE = 'maplibregl-ctrl';
classes.CONTROL_PREFIX = 'maplibregl-ctrl-';
classes.CONTROL_GROUP = 'maplibregl-ctrl-group';
classes.ATTRIBUTION = 'maplibregl-ctrl-attrib';

const ACCENT = '#1c7ed6';
const isPolygon = ['==', ['geometry-type'], 'Polygon'];
const isLine = ['any', ['==', ['geometry-type'], 'LineString'], ['==', ['geometry-type'], 'Polygon']];
const isPoint = (meta: string) => ['all', ['==', ['geometry-type'], 'Point'], ['==', ['get', 'meta'], meta]];

/** The look of what is being drawn: the app's accent, independent of the data theme. */
const drawStyles = [
  {
    id: 'gl-draw-polygon-fill',
    type: 'fill',
    filter: isPolygon,
    paint: { 'fill-color': ACCENT, 'fill-opacity': 0.14 },
  },
  {
    id: 'gl-draw-lines',
    type: 'line',
    filter: isLine,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': ACCENT, 'line-width': 2.5 },
  },
  {
    id: 'gl-draw-point-halo',
    type: 'circle',
    filter: isPoint('feature'),
    paint: { 'circle-radius': 9, 'circle-color': '#ffffff' },
  },
  {
    id: 'gl-draw-point',
    type: 'circle',
    filter: isPoint('feature'),
    paint: { 'circle-radius': 6.5, 'circle-color': ACCENT },
  },
  {
    id: 'gl-draw-vertex',
    type: 'circle',
    filter: isPoint('vertex'),
    paint: {
      'circle-radius': 5.5,
      'circle-color': '#ffffff',
      'circle-stroke-color': ACCENT,
      'circle-stroke-width': 2.5,
    },
  },
  {
    id: 'gl-draw-midpoint',
    type: 'circle',
    filter: isPoint('midpoint'),
    paint: { 'circle-radius': 3.5, 'circle-color': ACCENT, 'circle-opacity': 0.8 },
  },
];

export function createDraw(): MapboxDraw {
  return new MapboxDraw({
    displayControlsDefault: false,
    controls: {},
    keybindings: true,
    touchEnabled: true,
    boxSelect: false,
    styles: drawStyles,
  });
}

export type { MapboxDraw };
