import { describe, expect, it } from 'vitest';
import { RELOAD_INTERVAL_MS, isChunkLoadError, shouldReload } from './reload';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('shouldReload', () => {
  it('reloads at most once per 10 seconds per path', () => {
    const s = memoryStorage();
    const t0 = 1_000_000;
    expect(shouldReload('/projects', s, t0)).toBe(true);
    expect(shouldReload('/projects', s, t0 + 1)).toBe(false);
    expect(shouldReload('/projects', s, t0 + RELOAD_INTERVAL_MS - 1)).toBe(false);
    expect(shouldReload('/projects', s, t0 + RELOAD_INTERVAL_MS)).toBe(true);
  });
  it('keeps paths apart', () => {
    const s = memoryStorage();
    expect(shouldReload('/a', s, 5)).toBe(true);
    expect(shouldReload('/b', s, 6)).toBe(true);
    expect(shouldReload('/a', s, 7)).toBe(false);
  });
  it('does not reload when storage fails', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
    };
    expect(shouldReload('/x', broken, 1)).toBe(false);
  });
});

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('something else'))).toBe(false);
    expect(isChunkLoadError('nope')).toBe(false);
  });
});
