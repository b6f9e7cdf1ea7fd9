import { describe, expect, it } from 'vitest';
import type { Feature, Point, Polygon } from 'geojson';
import { formatArea, geometryProblem, idsInside, polygonArea } from './geometry';

const square: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [9.43, 54.78],
      [9.431, 54.78],
      [9.431, 54.781],
      [9.43, 54.781],
      [9.43, 54.78],
    ],
  ],
};

const pt = (id: number, lon: number, lat: number): Feature<Point> => ({
  type: 'Feature',
  id,
  properties: {},
  geometry: { type: 'Point', coordinates: [lon, lat] },
});

describe('geometryProblem', () => {
  it('accepts a point and a simple polygon', () => {
    expect(geometryProblem({ type: 'Point', coordinates: [9.43, 54.78] })).toBeUndefined();
    expect(geometryProblem(square)).toBeUndefined();
  });
  it('refuses positions outside the valid range', () => {
    expect(geometryProblem({ type: 'Point', coordinates: [190, 54] })).toBe('map.errors.outOfRange');
    expect(geometryProblem({ type: 'Point', coordinates: [9, 89] })).toBe('map.errors.outOfRange');
  });
  it('refuses a self-intersecting polygon (a bow tie)', () => {
    const bow: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    };
    expect(geometryProblem(bow)).toBe('map.errors.selfIntersecting');
  });
});

describe('polygonArea and formatArea', () => {
  it('measures a square of about 64 × 111 m', () => {
    const a = polygonArea(square);
    expect(a).toBeGreaterThan(7000);
    expect(a).toBeLessThan(7300);
    expect(
      polygonArea({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
        ],
      }),
    ).toBe(0);
    // While drawing, mapbox-gl-draw may hand over incomplete positions.
    const partial = { type: 'Polygon', coordinates: [[[9.43, 54.78], null, [9.431, 54.78]]] } as unknown as Polygon;
    expect(polygonArea(partial)).toBe(0);
  });
  it('formats m² and hectares', () => {
    expect(formatArea(850, 'en')).toBe('850 m²');
    expect(formatArea(12500, 'en')).toBe('1.25 ha');
    expect(formatArea(12500, 'de')).toBe('1,25 ha');
  });
});

describe('idsInside', () => {
  it('answers the ids of the points inside, once each', () => {
    const fs = [pt(1, 9.4305, 54.7805), pt(2, 9.44, 54.79), pt(3, 9.4301, 54.7801), pt(1, 9.4305, 54.7805)];
    expect(idsInside(fs, square)).toEqual([1, 3]);
  });
});
