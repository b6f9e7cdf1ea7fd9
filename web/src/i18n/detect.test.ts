import { describe, expect, it } from 'vitest';
import { detectLanguage, toLanguage } from './detect';

describe('toLanguage', () => {
  it('normalises tags', () => {
    expect(toLanguage('de-AT')).toBe('de');
    expect(toLanguage('FR_ca')).toBe('fr');
    expect(toLanguage('en')).toBe('en');
    expect(toLanguage('es-ES')).toBeUndefined();
    expect(toLanguage('')).toBeUndefined();
    expect(toLanguage(null)).toBeUndefined();
  });
});

describe('detectLanguage', () => {
  it("prefers the logged-in user's setting", () => {
    expect(detectLanguage({ userLanguage: 'fr', stored: 'de', navigatorLanguages: ['en-US'] })).toBe('fr');
  });
  it('uses a stored choice, then the browser languages in order', () => {
    expect(detectLanguage({ stored: 'de', navigatorLanguages: ['fr'] })).toBe('de');
    expect(detectLanguage({ navigatorLanguages: ['es-ES', 'de-CH', 'en'] })).toBe('de');
  });
  it('falls back to English', () => {
    expect(detectLanguage({ navigatorLanguages: ['es', 'it'] })).toBe('en');
    expect(detectLanguage({})).toBe('en');
    expect(detectLanguage({ userLanguage: 'xx', stored: 'yy' })).toBe('en');
  });
});
