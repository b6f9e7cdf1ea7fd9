import type * as maplibregl from 'maplibre-gl';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

function layerKind(l: LayerSpecification): string | undefined {
  const m = (l as { metadata?: Record<string, unknown> }).metadata;
  return typeof m?.['arbor:kind'] === 'string' ? (m['arbor:kind'] as string) : undefined;
}

function isLabelLayer(l: LayerSpecification): boolean {
  return !!(l as { metadata?: Record<string, unknown> }).metadata?.['arbor:labels'];
}

/** Applies a new style of the same layers (another theme or scheme) property by property, so
 *  sources, tiles, the basemap and the drawing stay. */
export function applyStyle(map: maplibregl.Map, style: StyleSpecification) {
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

/** Shows the data layers the person chose (trees, groups, works, numbers). */
export function applyVisibility(
  map: maplibregl.Map,
  style: StyleSpecification,
  layers: { trees: boolean; groups: boolean; works: boolean },
  labels: boolean,
) {
  for (const l of style.layers) {
    if (!map.getLayer(l.id)) continue;
    const kind = layerKind(l);
    let on = true;
    if (kind === 'tree') on = layers.trees;
    else if (kind === 'group') on = layers.groups;
    else if (kind === 'work') on = layers.works;
    if (isLabelLayer(l)) on = labels && ((l as { source?: string }).source === 'trees' ? layers.trees : layers.groups);
    map.setLayoutProperty(l.id, 'visibility', on ? 'visible' : 'none');
  }
}

/** Highlights the selection (feature state "selected"); answers the set now highlighted. */
export function applySelection(map: maplibregl.Map, before: Set<number>, selection: number[]): Set<number> {
  const next = new Set(selection);
  for (const id of before) {
    if (!next.has(id)) {
      for (const s of ['trees', 'groups']) map.removeFeatureState({ source: s, sourceLayer: s, id }, 'selected');
    }
  }
  for (const id of next) {
    for (const s of ['trees', 'groups']) map.setFeatureState({ source: s, sourceLayer: s, id }, { selected: true });
  }
  return next;
}
