export const RELOAD_INTERVAL_MS = 10_000;
const KEY_PREFIX = 'arbor_reload:';

interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Decides whether a page whose part (a lazily loaded chunk) failed to load may be reloaded:
 * at most once per 10 seconds per path. Records the reload time when it answers true.
 */
export function shouldReload(path: string, storage: KeyValueStorage, now: number = Date.now()): boolean {
  const key = KEY_PREFIX + path;
  let last = NaN;
  try {
    last = Number(storage.getItem(key));
  } catch {
    return false;
  }
  if (Number.isFinite(last) && last > 0 && now - last < RELOAD_INTERVAL_MS) return false;
  try {
    storage.setItem(key, String(now));
  } catch {
    return false;
  }
  return true;
}

/** Whether an error means that a lazily loaded part of the page could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}
