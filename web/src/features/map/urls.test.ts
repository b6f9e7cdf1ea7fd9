import { describe, expect, it } from 'vitest';
import { sameOrigin } from './urls';

describe('sameOrigin', () => {
  it('moves API URLs of another origin to the page origin and keeps the template', () => {
    expect(sameOrigin('http://arbor.example/api/tiles/p/trees/{z}/{x}/{y}.mvt?rev=3', 'http://127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/api/tiles/p/trees/{z}/{x}/{y}.mvt?rev=3',
    );
  });
  it('leaves same-origin and foreign URLs alone', () => {
    const own = 'http://127.0.0.1:8080/api/tiles/p/trees.json';
    expect(sameOrigin(own, 'http://127.0.0.1:8080')).toBe(own);
    const osm = 'https://tile.example.org/{z}/{x}/{y}.png';
    expect(sameOrigin(osm, 'http://127.0.0.1:8080')).toBe(osm);
  });
});
