import { describe, expect, it } from 'vitest';
import type { Basemap } from '@/api/projects/settings';
import { basemapSource, pickBasemap } from './basemap';
import { loadSettings } from './settings';

const bm = (over: Partial<Basemap>): Basemap => ({
  id: 'a',
  name: 'OSM',
  type: 'xyz',
  url: 'https://tile.example.org/{z}/{x}/{y}.png',
  layers: '',
  username: '',
  has_password: false,
  position: 0,
  version: 1,
  created_at: '',
  ...over,
});

describe('basemaps', () => {
  it('skips protected basemaps and honours the choice', () => {
    const all = [bm({ id: 'p', has_password: true }), bm({ id: 'x' }), bm({ id: 'w', type: 'wms' })];
    expect(pickBasemap(all, undefined)?.id).toBe('x');
    expect(pickBasemap(all, 'w')?.id).toBe('w');
    expect(pickBasemap(all, 'p')?.id).toBe('x');
    expect(pickBasemap(all, '')).toBeUndefined();
    expect(pickBasemap([], undefined)).toBeUndefined();
  });
  it('builds a GetMap URL in EPSG:3857 for a WMS', () => {
    const s = basemapSource(bm({ type: 'wms', url: 'https://wms.example.org/service?map=x', layers: 'dop20' }));
    expect(s.tiles?.[0]).toBe(
      'https://wms.example.org/service?map=x&SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=dop20&STYLES=&CRS=EPSG:3857&BBOX={bbox-epsg-3857}&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE',
    );
    expect(basemapSource(bm({})).tiles?.[0]).toBe('https://tile.example.org/{z}/{x}/{y}.png');
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
