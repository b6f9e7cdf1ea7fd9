import { describe, expect, it } from 'vitest';
import { clampSplit, splitAt, splitByKey, splitKey, SPLIT_DEFAULT, SPLIT_MAX, SPLIT_MIN } from './split';

describe('the split between map and table', () => {
  it('stays within bounds and reads anything else as the default', () => {
    expect(clampSplit(0.3)).toBe(0.3);
    expect(clampSplit('0.6')).toBe(0.6);
    expect(clampSplit(0)).toBe(SPLIT_MIN);
    expect(clampSplit(5)).toBe(SPLIT_MAX);
    expect(clampSplit('wide')).toBe(SPLIT_DEFAULT);
    expect(clampSplit(undefined)).toBe(SPLIT_DEFAULT);
  });
  it('follows the handle and the keys', () => {
    expect(splitAt(400, 100, 600)).toBe(0.5);
    expect(splitAt(120, 100, 600)).toBe(SPLIT_MIN);
    expect(splitAt(400, 100, 0)).toBe(SPLIT_DEFAULT);
    expect(splitByKey(0.5, 'ArrowDown')).toBeCloseTo(0.55);
    expect(splitByKey(0.5, 'ArrowUp')).toBeCloseTo(0.45);
    expect(splitByKey(0.5, 'End')).toBe(SPLIT_MAX);
    expect(splitByKey(0.5, 'a')).toBeNull();
  });
  it('is kept per person', () => {
    expect(splitKey('u1')).not.toBe(splitKey('u2'));
  });
});
