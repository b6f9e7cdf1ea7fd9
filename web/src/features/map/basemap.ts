import type { RasterSourceSpecification } from 'maplibre-gl';
import type { Basemap } from '@/api/projects/settings';

/** A basemap the map can show without asking for a password (protected ones need a log-in first). */
export function usableBasemaps(all: Basemap[] | undefined): Basemap[] {
  return (all ?? []).filter(
    (b) => !b.has_password && (b.type === 'xyz' || b.type === 'wms' || b.type === 'esri') && b.url,
  );
}

/** The basemap to show: the chosen one if usable, "" means none, otherwise the first usable one. */
export function pickBasemap(all: Basemap[] | undefined, chosen: string | undefined): Basemap | undefined {
  const usable = usableBasemaps(all);
  if (chosen === '') return undefined;
  return usable.find((b) => b.id === chosen) ?? usable[0];
}

/** The MapLibre raster source of a basemap: XYZ as is, WMS as GetMap requests in EPSG:3857. */
export function basemapSource(b: Basemap): RasterSourceSpecification {
  const attribution = b.name;
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
