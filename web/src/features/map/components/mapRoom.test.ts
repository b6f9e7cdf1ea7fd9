import { describe, expect, it } from 'vitest';
import { hiddenAt, viewOffset } from './mapRoom';

const size = { width: 790, height: 460 };
// The data view's map at 1440 px: the info window on the right, the open legend beside the tools.
const legend = { width: 251, height: 282 };

describe('hiddenAt', () => {
  it('takes a point outside the map or under the info window as hidden', () => {
    expect(hiddenAt({ x: -1, y: 10 }, size, 0)).toBe(true);
    expect(hiddenAt({ x: 10, y: 461 }, size, 0)).toBe(true);
    expect(hiddenAt({ x: 500, y: 100 }, size, 352)).toBe(true);
    expect(hiddenAt({ x: 400, y: 100 }, size, 352)).toBe(false);
  });

  it('takes a point under the legend, or with its label under it, as hidden', () => {
    expect(hiddenAt({ x: 158, y: 313 }, size, 352, legend)).toBe(true);
    expect(hiddenAt({ x: 158, y: 170 }, size, 352, legend)).toBe(true);
    expect(hiddenAt({ x: 158, y: 150 }, size, 352, legend)).toBe(false);
    expect(hiddenAt({ x: 265, y: 313 }, size, 352, legend)).toBe(false);
    expect(hiddenAt({ x: 158, y: 313 }, size, 352)).toBe(false);
  });
});

describe('viewOffset', () => {
  it('puts the object in the middle of what the info window leaves free', () => {
    expect(viewOffset(size, 0)).toEqual([0, 0]);
    expect(viewOffset(size, 352)).toEqual([-176, 0]);
  });

  it('goes beside or above an open legend that covers that middle, wherever there is more room', () => {
    const [x, y] = viewOffset(size, 352, legend);
    const at = { x: size.width / 2 + x, y: size.height / 2 + y };
    expect(hiddenAt(at, size, 352, legend)).toBe(false);
    expect(at).toEqual({ x: 251 + (790 - 352 - 251) / 2, y: 230 });
    // A wide legend on a narrow map: more room above it than beside it.
    expect(viewOffset({ width: 500, height: 400 }, 0, { width: 400, height: 250 })).toEqual([0, 75 - 200]);
  });

  it('keeps the middle when a folded legend leaves it free', () => {
    expect(viewOffset(size, 352, { width: 200, height: 70 })).toEqual([-176, 0]);
  });
});
