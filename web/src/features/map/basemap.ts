import type { RasterSourceSpecification } from 'maplibre-gl';
import type { Basemap } from '@/api/projects/settings';

/** What the map draws below the data: raster tiles, or a vector style read from its URL. */
export type BasemapSpec =
  { kind: 'raster'; source: RasterSourceSpecification } | { kind: 'vector'; url: string; attribution: string };

/** A basemap the map can show without asking for a password (protected ones need a log-in first). */
export function usableBasemaps(all: Basemap[] | undefined): Basemap[] {
  return (all ?? []).filter((b) => !b.has_password && ['xyz', 'wms', 'esri', 'vector'].includes(b.type) && b.url);
}

/**
 * The basemap to show among the choices: the chosen one if there, "" means none; otherwise the
 * first of the project's own, otherwise the default (a preset).
 */
export function pickBasemap(
  all: Basemap[] | undefined,
  chosen: string | undefined,
  fallback?: Basemap,
): Basemap | undefined {
  const usable = usableBasemaps(all);
  if (chosen === '') return undefined;
  return usable.find((b) => b.id === chosen) ?? usable.find((b) => !b.id.startsWith('preset:')) ?? fallback;
}

/** Text for MapLibre's attribution control, which writes HTML: a basemap's attribution is plain text. */
export function attributionHTML(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The MapLibre raster source of a basemap: XYZ as is, WMS as GetMap requests in EPSG:3857. */
export function basemapSource(b: Basemap): RasterSourceSpecification {
  const attribution = attributionHTML(b.attribution || b.name);
  if (b.type === 'wms') {
    const sep = b.url.includes('?') ? (/[?&]$/.test(b.url) ? '' : '&') : '?';
    const params = [
      'SERVICE=WMS',
      'VERSION=1.3.0',
      'REQUEST=GetMap',
      `LAYERS=${encodeURIComponent(b.layers ?? '')}`,
      'STYLES=',
      'CRS=EPSG:3857',
      'BBOX={bbox-epsg-3857}',
      'WIDTH=256',
      'HEIGHT=256',
      'FORMAT=image/png',
      'TRANSPARENT=TRUE',
    ].join('&');
    return { type: 'raster', tiles: [b.url + sep + params], tileSize: 256, attribution };
  }
  if (b.type === 'esri') {
    return { type: 'raster', tiles: [`${b.url.replace(/\/$/, '')}/tile/{z}/{y}/{x}`], tileSize: 256, attribution };
  }
  return { type: 'raster', tiles: [b.url], tileSize: 256, attribution };
}

/** What the map needs to draw a basemap. */
export function basemapSpec(b: Basemap): BasemapSpec {
  if (b.type === 'vector') return { kind: 'vector', url: b.url, attribution: attributionHTML(b.attribution || b.name) };
  return { kind: 'raster', source: basemapSource(b) };
}
