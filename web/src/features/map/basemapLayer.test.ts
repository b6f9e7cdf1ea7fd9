import { describe, expect, it } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import { vectorParts } from './basemapLayer';

describe('vector basemap', () => {
  it('renames its sources and layers, attributes the first source and leaves icons out', () => {
    const style = {
      version: 8,
      sources: { smarttiles: { type: 'vector', url: 'https://v.example/tiles.json' } },
      layers: [
        { id: 'bg', type: 'background', paint: { 'background-color': '#fff' } },
        { id: 'roads', type: 'line', source: 'smarttiles', 'source-layer': 'roads' },
        { id: 'poi', type: 'symbol', source: 'smarttiles', 'source-layer': 'poi', layout: { 'icon-image': 'x' } },
        {
          id: 'names',
          type: 'symbol',
          source: 'smarttiles',
          'source-layer': 'names',
          layout: { 'icon-image': 'y', 'text-field': '{name}' },
        },
      ],
    } as unknown as StyleSpecification;
    const { sources, layers } = vectorParts(style, '© BKG');
    expect(sources).toEqual([
      ['basemap:smarttiles', { type: 'vector', url: 'https://v.example/tiles.json', attribution: '© BKG' }],
    ]);
    expect(layers.map((l) => l.id)).toEqual(['basemap:bg', 'basemap:roads', 'basemap:names']);
    expect((layers[1] as { source: string }).source).toBe('basemap:smarttiles');
    expect((layers[2] as { layout: Record<string, unknown> }).layout).toEqual({ 'text-field': '{name}' });
  });
});
