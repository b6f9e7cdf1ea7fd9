import { describe, expect, it } from 'vitest';
import type { Basemap } from '@/api/projects/settings';
import { attributionHTML, basemapSource, basemapSpec, isProtected, pickBasemap } from './basemap';
import { loadSettings } from './settings';

const bm = (over: Partial<Basemap>): Basemap => ({
  id: 'a',
  name: 'OSM',
  type: 'xyz',
  url: 'https://tile.example.org/{z}/{x}/{y}.png',
  layers: '',
  attribution: '',
  username: '',
  has_password: false,
  position: 0,
  version: 1,
  created_at: '',
  ...over,
});

describe('basemaps', () => {
  it('offers protected basemaps (through the proxy), raster and vector, and honours the choice', () => {
    const all = [
      bm({ id: 'v', type: 'vector', username: 'gis' }),
      bm({ id: 'x' }),
      bm({ id: 'w', type: 'wms' }),
      bm({ id: 'p', has_password: true }),
    ];
    expect(pickBasemap(all, undefined)?.id).toBe('v');
    expect(pickBasemap(all, 'w')?.id).toBe('w');
    expect(pickBasemap(all, 'p')?.id).toBe('p');
    expect(pickBasemap(all, 'v')?.id).toBe('v');
    expect(pickBasemap(all, '')).toBeUndefined();
    expect(pickBasemap([], undefined)).toBeUndefined();
  });
  it("falls back to the project's own basemap, then to the default preset", () => {
    const preset = bm({ id: 'preset:osm' });
    const all = [preset, bm({ id: 'own' })];
    expect(pickBasemap(all, undefined, preset)?.id).toBe('own');
    expect(pickBasemap(all, 'preset:osm', preset)?.id).toBe('preset:osm');
    expect(pickBasemap([preset], 'gone', preset)?.id).toBe('preset:osm');
    expect(pickBasemap([preset], '', preset)).toBeUndefined();
  });
  it('names the source as plain text, and reads a vector style from its URL', () => {
    expect(basemapSource(bm({ attribution: '© <b>OSM</b> & co' })).attribution).toBe(
      '© &#60;b&#62;OSM&#60;/b&#62; &#38; co',
    );
    expect(basemapSource(bm({})).attribution).toBe('OSM');
    expect(attributionHTML('"x"')).toBe('&#34;x&#34;');
    expect(basemapSpec(bm({ type: 'vector', url: 'https://s.example/style.json', attribution: '© BKG' }))).toEqual({
      kind: 'vector',
      url: 'https://s.example/style.json',
      attribution: '© BKG',
    });
  });
  it("shows the organisation's own background maps from the server: raster by TileJSON, vector by its style", () => {
    const origin = { projectId: 'p', origin: 'https://arbor.example' };
    const raster = bm({
      id: 'h',
      type: 'hosted',
      url: '/api/background/p/m/tiles.json',
      layers: 'raster',
      name: 'Luftbild',
    });
    expect(pickBasemap([raster], 'h')?.id).toBe('h');
    expect(basemapSpec(raster, origin)).toEqual({
      kind: 'raster',
      source: {
        type: 'raster',
        url: 'https://arbor.example/api/background/p/m/tiles.json',
        tileSize: 256,
        attribution: 'Luftbild',
      },
    });
    const vector = bm({
      type: 'hosted',
      url: '/api/background/p/m/style.json',
      layers: 'vector',
      attribution: '© Stadt',
    });
    expect(basemapSpec(vector, origin)).toEqual({
      kind: 'vector',
      url: 'https://arbor.example/api/background/p/m/style.json',
      attribution: '© Stadt',
    });
  });
  it('builds a GetMap URL in EPSG:3857 for a WMS', () => {
    const s = basemapSource(bm({ type: 'wms', url: 'https://wms.example.org/service?map=x', layers: 'dop20' }));
    expect(s.tiles?.[0]).toBe(
      'https://wms.example.org/service?map=x&SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=dop20&STYLES=&CRS=EPSG:3857&BBOX={bbox-epsg-3857}&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE',
    );
    expect(basemapSource(bm({})).tiles?.[0]).toBe('https://tile.example.org/{z}/{x}/{y}.png');
  });
});

describe('protected basemaps', () => {
  const proxy = { projectId: 'p1', origin: 'https://arbor.example' };
  it('are loaded through the proxy by id, never with their service URL', () => {
    const wms = bm({
      id: 'b1',
      type: 'wms',
      url: 'https://wms.example.org/secret',
      layers: 'dop',
      username: 'gis',
      version: 3,
    });
    const s = basemapSource(wms, proxy);
    expect(s.tiles?.[0]).toBe(
      'https://arbor.example/api/management/project/p1/basemaps/b1/wms?v=3&SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=dop&STYLES=&CRS=EPSG:3857&BBOX={bbox-epsg-3857}&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE',
    );
    expect(JSON.stringify(s)).not.toContain('wms.example.org');
    const esri = bm({ id: 'b2', type: 'esri', url: 'https://gis.example/MapServer', has_password: true, version: 1 });
    expect(basemapSource(esri, proxy).tiles?.[0]).toBe(
      'https://arbor.example/api/management/project/p1/basemaps/b2/tile/{z}/{x}/{y}?v=1',
    );
    // A protected vector style is read from the proxy, which points its parts at itself.
    const vector = bm({
      id: 'b3',
      type: 'vector',
      url: 'https://maps.example/style.json',
      username: 'gis',
      version: 4,
    });
    expect(basemapSpec(vector, proxy)).toEqual({
      kind: 'vector',
      url: 'https://arbor.example/api/management/project/p1/basemaps/b3/style?v=4',
      attribution: 'OSM',
    });
    // An open basemap is loaded from its service directly.
    expect(basemapSource(bm({}), proxy).tiles?.[0]).toBe('https://tile.example.org/{z}/{x}/{y}.png');
    expect(isProtected(bm({ id: 'preset:osm' }))).toBe(false);
  });
});

describe('display settings', () => {
  it('falls back to the defaults for malformed values', () => {
    const store = {
      v: '{"theme":"colour","layers":{"trees":false},"labels":"yes"}',
      getItem() {
        return this.v;
      },
      setItem() {},
    };
    const s = loadSettings(store);
    expect(s.theme).toBe('safety');
    expect(s.layers).toEqual({ trees: false, groups: true, works: true });
    expect(s.labels).toBe(true);
    expect(loadSettings({ getItem: () => 'not json', setItem: () => {} }).theme).toBe('safety');
  });
});
