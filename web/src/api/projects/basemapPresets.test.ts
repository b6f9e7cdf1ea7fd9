import { describe, expect, it } from 'vitest';
import { buildResources } from '@/i18n/resources';
import { BASEMAP_PRESETS, defaultPreset, presetBasemap } from './basemapPresets';

const at = (m: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], m);

const res = buildResources();

describe('basemap presets', () => {
  it('are well-formed: unique ids, https URLs of their type, an attribution, a name in EN and DE', () => {
    const ids = new Set<string>();
    for (const p of BASEMAP_PRESETS) {
      expect(ids.has(p.id), p.id).toBe(false);
      ids.add(p.id);
      expect(p.url, p.id).toMatch(/^https:\/\/[^\s]+$/);
      expect(p.attribution.trim().length, `${p.id} names no source`).toBeGreaterThan(3);
      expect(p.attribution, p.id).toMatch(/©/);
      expect(p.attribution.length).toBeLessThanOrEqual(300); // the server's limit
      if (p.type === 'xyz') expect(p.url, p.id).toMatch(/\{z\}.*\{(x|y)\}.*\{(x|y)\}/);
      if (p.type === 'wms') {
        expect(p.layers, p.id).not.toBe('');
        expect(p.url, `${p.id}: GetMap parameters are the map's`).not.toMatch(/REQUEST=/i);
      }
      if (p.type === 'vector') expect(p.url, p.id).toMatch(/\.json$/);
      for (const lng of ['en', 'de'] as const)
        expect(typeof at(res[lng].translation as Record<string, unknown>, p.nameKey), `${lng} ${p.nameKey}`).toBe(
          'string',
        );
    }
  });

  it('offer what arborists in Germany and elsewhere need', () => {
    const kinds = BASEMAP_PRESETS.map((p) => p.id);
    expect(kinds).toEqual(
      expect.arrayContaining(['osm', 'basemapde-raster', 'basemapde-vector', 'opentopomap', 'dop-nw']),
    );
    expect(BASEMAP_PRESETS.some((p) => p.aerial && p.type === 'wms')).toBe(true);
  });

  it('default to basemap.de in Germany and for an empty project, OpenStreetMap elsewhere', () => {
    expect(defaultPreset(null).id).toBe('basemapde-raster');
    expect(defaultPreset([9.4, 54.7, 9.5, 54.8]).id).toBe('basemapde-raster'); // Flensburg
    expect(defaultPreset([-0.2, 51.4, 0.1, 51.6]).id).toBe('osm'); // London
    expect(defaultPreset([16.3, 48.1, 16.5, 48.3]).id).toBe('osm'); // Vienna
  });

  it('become a basemap of the map with a recognisable id', () => {
    const b = presetBasemap(BASEMAP_PRESETS[0], 'basemap.de');
    expect(b.id).toBe('preset:basemapde-raster');
    expect(b.has_password).toBe(false);
    expect(b.attribution).toBe(BASEMAP_PRESETS[0].attribution);
  });
});
