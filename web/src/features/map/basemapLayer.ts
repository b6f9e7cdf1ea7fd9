import type { LayerSpecification, Map as MapLibre, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import type { BasemapSpec } from './basemap';

/** Ids of the basemap's sources and layers: "basemap" for raster tiles, "basemap:<id>" for a vector style's. */
const RASTER = 'basemap';
const PREFIX = 'basemap:';
const ours = (id: string) => id === RASTER || id.startsWith(PREFIX);

/** Removes whatever basemap the map draws. */
export function clearBasemap(map: MapLibre) {
  for (const l of [...map.getStyle().layers].reverse()) if (ours(l.id)) map.removeLayer(l.id);
  for (const id of Object.keys(map.getStyle().sources)) if (ours(id)) map.removeSource(id);
}

/** The first layer above the basemap: the data's first layer after the plain background. */
function firstDataLayer(map: MapLibre): string | undefined {
  return map.getStyle().layers.find((l) => l.id !== 'background' && !ours(l.id))?.id;
}

/**
 * A vector style's sources and layers, renamed "basemap:<id>", ready to go below the data. Its
 * icons are left out (its sprite is not loaded: one sprite per map); its texts are drawn with
 * the browser's fonts, like the data's labels, as the map loads no glyphs.
 */
export function vectorParts(style: StyleSpecification, attribution: string) {
  const sources: [string, SourceSpecification][] = Object.entries(style.sources ?? {}).map(([id, s], i) => [
    PREFIX + id,
    (i === 0 ? { ...s, attribution } : s) as SourceSpecification,
  ]);
  const layers: LayerSpecification[] = (style.layers ?? []).flatMap((l) => {
    const layer = { ...l, id: PREFIX + l.id } as LayerSpecification & {
      source?: string;
      layout?: Record<string, unknown>;
    };
    if ('source' in l && typeof l.source === 'string') layer.source = PREFIX + l.source;
    if (layer.layout && 'icon-image' in layer.layout) {
      const rest = { ...layer.layout };
      delete rest['icon-image'];
      if (l.type === 'symbol' && !('text-field' in rest)) return [];
      layer.layout = rest;
    }
    return [layer as LayerSpecification];
  });
  return { sources, layers };
}

/**
 * Draws a basemap below the data in place of the one before. A vector style is read first;
 * `current` says whether it is still wanted when it arrives.
 */
export async function setBasemap(map: MapLibre, spec: BasemapSpec | null | undefined, current: () => boolean) {
  clearBasemap(map);
  if (!spec) return;
  if (spec.kind === 'raster') {
    map.addSource(RASTER, spec.source);
    map.addLayer(
      { id: RASTER, type: 'raster', source: RASTER, paint: { 'raster-fade-duration': 150 } },
      firstDataLayer(map),
    );
    return;
  }
  let style: StyleSpecification;
  try {
    const r = await fetch(spec.url, { headers: { Accept: 'application/json' } });
    if (!r.ok) return;
    style = (await r.json()) as StyleSpecification;
  } catch {
    return; // offline or refused: the map goes on without it
  }
  if (!current()) return;
  clearBasemap(map);
  const { sources, layers } = vectorParts(style, spec.attribution);
  const before = firstDataLayer(map);
  for (const [id, s] of sources) map.addSource(id, s);
  for (const l of layers) map.addLayer(l, before);
}
