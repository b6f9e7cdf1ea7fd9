import { describe, expect, it } from 'vitest';
import { sameOrigin, withFilter } from './urls';

describe('sameOrigin', () => {
  it('moves API URLs of another origin to the page origin and keeps the template', () => {
    expect(sameOrigin('http://arbor.example/api/tiles/p/trees/{z}/{x}/{y}.mvt?rev=3', 'http://127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/api/tiles/p/trees/{z}/{x}/{y}.mvt?rev=3',
    );
  });
  it("moves the basemap proxy (a protected vector style's parts) to the page origin", () => {
    expect(
      sameOrigin(
        'https://arbor.example/api/management/project/p/basemaps/b/vector/fonts/{fontstack}/{range}.pbf',
        'http://127.0.0.1:8080',
      ),
    ).toBe('http://127.0.0.1:8080/api/management/project/p/basemaps/b/vector/fonts/{fontstack}/{range}.pbf');
    const other = 'https://arbor.example/api/management/project/p/settings';
    expect(sameOrigin(other, 'http://127.0.0.1:8080')).toBe(other);
  });
  it('leaves same-origin and foreign URLs alone', () => {
    const own = 'http://127.0.0.1:8080/api/tiles/p/trees.json';
    expect(sameOrigin(own, 'http://127.0.0.1:8080')).toBe(own);
    const osm = 'https://tile.example.org/{z}/{x}/{y}.png';
    expect(sameOrigin(osm, 'http://127.0.0.1:8080')).toBe(osm);
  });
});

describe('withFilter', () => {
  const tile = 'http://h/api/tiles/p/trees/16/34000/21000.mvt?rev=3';
  it('adds the filter to data tile URLs only', () => {
    expect(withFilter(tile, '{"state":"felled"}')).toBe(`${tile}&filter=${encodeURIComponent('{"state":"felled"}')}`);
    expect(withFilter('http://h/api/tiles/p/trees.json', '{}')).toBe('http://h/api/tiles/p/trees.json');
    expect(withFilter(tile, null)).toBe(tile);
  });
  it('replaces a filter the URL had', () => {
    const once = withFilter(tile, '{"q":"a"}');
    expect(withFilter(once, '{"q":"b"}')).toBe(`${tile}&filter=${encodeURIComponent('{"q":"b"}')}`);
  });
});
