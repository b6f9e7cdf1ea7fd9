import { describe, expect, it } from 'vitest';
import { MAX_STRENGTH, passwordStrength } from './password';

describe('passwordStrength', () => {
  it('is 0 for an empty password', () => {
    expect(passwordStrength('')).toBe(0);
  });
  it('never rises above 2 for passwords shorter than 8 characters', () => {
    expect(passwordStrength('a')).toBe(1);
    expect(passwordStrength('aB3$xY')).toBe(2);
  });
  it('counts length, mixed case, digits and symbols on a scale of 1 to 6', () => {
    expect(passwordStrength('abcdefgh')).toBe(2);
    expect(passwordStrength('abcdefghijkl')).toBe(3);
    expect(passwordStrength('Abcdefghijkl')).toBe(4);
    expect(passwordStrength('Abcdefghijk1')).toBe(5);
    expect(passwordStrength('Abcdefghij1!')).toBe(6);
  });
  it('stays within the scale', () => {
    for (const p of ['x', 'password', 'P@ssw0rd', 'Correct-Horse-Battery-Staple-42']) {
      const s = passwordStrength(p);
      expect(s).toBeGreaterThanOrEqual(1);
      expect(s).toBeLessThanOrEqual(MAX_STRENGTH);
    }
  });
});
