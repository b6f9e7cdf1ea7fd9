import type { RasterSourceSpecification } from 'maplibre-gl';
import type { Basemap } from '@/api/projects/settings';

/** What the map draws below the data: raster tiles, or a vector style read from its URL. */
export type BasemapSpec =
  { kind: 'raster'; source: RasterSourceSpecification } | { kind: 'vector'; url: string; attribution: string };

/**
 * Whether a basemap is protected (a username or a password kept on the server): the map then
 * loads it through the server's basemap proxy, which adds the credentials (docs/API.md).
 */
export function isProtected(b: Basemap): boolean {
  return !b.id.startsWith('preset:') && (b.has_password || b.username !== '');
}

/**
 * A basemap the map can show: raster tiles and vector styles (protected ones through the proxy),
 * and the organisation's own background maps the server keeps.
 */
export function usableBasemaps(all: Basemap[] | undefined): Basemap[] {
  return (all ?? []).filter((b) => ['xyz', 'wms', 'esri', 'vector', 'hosted'].includes(b.type) && b.url);
}

/** The proxy's address of a protected basemap (absolute: MapLibre loads tiles in workers too). */
export function proxyBase(projectId: string, b: Basemap, origin: string): string {
  return `${origin}/api/management/project/${encodeURIComponent(projectId)}/basemaps/${encodeURIComponent(b.id)}`;
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

/**
 * The MapLibre raster source of a basemap: XYZ as is, WMS as GetMap requests in EPSG:3857. A
 * protected one is asked of the server's proxy (its version in the address, so a change of its
 * credentials is not answered from the browser's cache).
 */
export function basemapSource(b: Basemap, proxy?: { projectId: string; origin: string }): RasterSourceSpecification {
  const attribution = attributionHTML(b.attribution || b.name);
  if (proxy && isProtected(b)) {
    const at = proxyBase(proxy.projectId, b, proxy.origin);
    if (b.type === 'wms')
      return { type: 'raster', tiles: [`${at}/wms?v=${b.version}&${wmsParams(b)}`], tileSize: 256, attribution };
    return { type: 'raster', tiles: [`${at}/tile/{z}/{x}/{y}?v=${b.version}`], tileSize: 256, attribution };
  }
  if (b.type === 'wms') {
    const sep = b.url.includes('?') ? (/[?&]$/.test(b.url) ? '' : '&') : '?';
    return { type: 'raster', tiles: [b.url + sep + wmsParams(b)], tileSize: 256, attribution };
  }
  if (b.type === 'esri') {
    return { type: 'raster', tiles: [`${b.url.replace(/\/$/, '')}/tile/{z}/{y}/{x}`], tileSize: 256, attribution };
  }
  return { type: 'raster', tiles: [b.url], tileSize: 256, attribution };
}

/** The GetMap parameters of a WMS basemap's tiles in EPSG:3857. */
function wmsParams(b: Basemap): string {
  return [
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
}

/**
 * What the map needs to draw a basemap. A protected vector style is read from the proxy, which
 * answers it with its sources, sprite and glyphs pointing at the proxy too. One of the
 * organisation's own background maps is the server's: a raster one by its TileJSON (its zooms, so
 * the map draws its tiles larger beyond them), a vector one by the simple style the server writes
 * for it (docs/API.md "Background maps").
 */
export function basemapSpec(b: Basemap, proxy?: { projectId: string; origin: string }): BasemapSpec {
  if (b.type === 'hosted') {
    const url = (proxy?.origin ?? '') + b.url;
    const attribution = attributionHTML(b.attribution || b.name);
    if (b.layers === 'vector') return { kind: 'vector', url, attribution };
    return { kind: 'raster', source: { type: 'raster', url, tileSize: 256, attribution } };
  }
  if (b.type === 'vector') {
    const url = proxy && isProtected(b) ? `${proxyBase(proxy.projectId, b, proxy.origin)}/style?v=${b.version}` : b.url;
    return { kind: 'vector', url, attribution: attributionHTML(b.attribution || b.name) };
  }
  return { kind: 'raster', source: basemapSource(b, proxy) };
}
