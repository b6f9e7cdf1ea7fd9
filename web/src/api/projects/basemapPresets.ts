import type { Basemap, BasemapType } from './settings';

/**
 * Open background maps a project can use without an account: configuration, not code. The map
 * offers them beside the project's own basemaps, and the project settings add one with a click.
 * Each names its source as its licence asks (docs/DECISIONS.md: basemaps).
 */
export interface BasemapPreset {
  /** Stable id, also the map's remembered choice ("preset:<id>"). */
  id: string;
  /** i18n key of its name (map.presets.<id>). */
  nameKey: string;
  type: BasemapType;
  url: string;
  /** WMS layer names. */
  layers: string;
  attribution: string;
  /** Where it has data: the whole world, Germany, or one federal state. */
  coverage: 'world' | 'DE' | 'DE-NW';
  /** Aerial images, not a drawn map. */
  aerial?: boolean;
}

export const BASEMAP_PRESETS: readonly BasemapPreset[] = [
  {
    id: 'basemapde-raster',
    nameKey: 'map.presets.basemapde-raster',
    type: 'xyz',
    url: 'https://sgx.geodatenzentrum.de/wmts_basemapde/tile/1.0.0/de_basemapde_web_raster_farbe/default/GLOBAL_WEBMERCATOR/{z}/{y}/{x}.png',
    layers: '',
    attribution: '© basemap.de / BKG (CC BY 4.0)',
    coverage: 'DE',
  },
  {
    id: 'basemapde-raster-grey',
    nameKey: 'map.presets.basemapde-raster-grey',
    type: 'xyz',
    url: 'https://sgx.geodatenzentrum.de/wmts_basemapde/tile/1.0.0/de_basemapde_web_raster_grau/default/GLOBAL_WEBMERCATOR/{z}/{y}/{x}.png',
    layers: '',
    attribution: '© basemap.de / BKG (CC BY 4.0)',
    coverage: 'DE',
  },
  {
    id: 'basemapde-vector',
    nameKey: 'map.presets.basemapde-vector',
    type: 'vector',
    url: 'https://sgx.geodatenzentrum.de/gdz_basemapde_vektor/styles/bm_web_col.json',
    layers: '',
    attribution: '© basemap.de / BKG (CC BY 4.0)',
    coverage: 'DE',
  },
  {
    id: 'osm',
    nameKey: 'map.presets.osm',
    type: 'xyz',
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    layers: '',
    attribution: '© OpenStreetMap contributors (ODbL)',
    coverage: 'world',
  },
  {
    id: 'opentopomap',
    nameKey: 'map.presets.opentopomap',
    type: 'xyz',
    url: 'https://tile.opentopomap.org/{z}/{x}/{y}.png',
    layers: '',
    attribution: '© OpenStreetMap contributors, SRTM · style © OpenTopoMap (CC BY-SA)',
    coverage: 'world',
  },
  {
    id: 'dop-nw',
    nameKey: 'map.presets.dop-nw',
    type: 'wms',
    url: 'https://www.wms.nrw.de/geobasis/wms_nw_dop',
    layers: 'nw_dop_rgb',
    attribution: '© Geobasis NRW (dl-de/zero-2-0)',
    coverage: 'DE-NW',
    aerial: true,
  },
];

export const PRESET_PREFIX = 'preset:';

/** Germany's box (west, south, east, north): basemap.de draws only inside it. */
const GERMANY: [number, number, number, number] = [5.8, 47.2, 15.1, 55.1];

/**
 * The preset a project's map starts with when the project has no basemap of its own: the official
 * German basemap where the project lies in Germany (or has no trees yet: the map opens over
 * Germany), OpenStreetMap anywhere else.
 */
export function defaultPreset(extent: readonly number[] | null | undefined): BasemapPreset {
  const byId = (id: string) => BASEMAP_PRESETS.find((p) => p.id === id)!;
  if (!extent || extent.length < 4) return byId('basemapde-raster');
  const [x, y] = [(extent[0] + extent[2]) / 2, (extent[1] + extent[3]) / 2];
  const inGermany = x >= GERMANY[0] && x <= GERMANY[2] && y >= GERMANY[1] && y <= GERMANY[3];
  return byId(inGermany ? 'basemapde-raster' : 'osm');
}

/** A preset as a basemap the map can show (its id "preset:<id>"), named in the current language. */
export function presetBasemap(p: BasemapPreset, name: string): Basemap {
  return {
    id: PRESET_PREFIX + p.id,
    name,
    type: p.type,
    url: p.url,
    layers: p.layers,
    attribution: p.attribution,
    username: '',
    has_password: false,
    position: 0,
    version: 0,
    created_at: '',
  };
}
