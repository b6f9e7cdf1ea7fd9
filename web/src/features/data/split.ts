/** The share of the data view's height the map takes, beside the table (remembered per person). */
export const SPLIT_DEFAULT = 0.55;
export const SPLIT_MIN = 0.2;
export const SPLIT_MAX = 0.8;

/** A share within bounds; anything unreadable is the default. */
export function clampSplit(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  if (!Number.isFinite(n)) return SPLIT_DEFAULT;
  return Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, n));
}

/** The share after dragging the handle to `y` (px from the top of a box `height` px high). */
export function splitAt(y: number, top: number, height: number): number {
  if (height <= 0) return SPLIT_DEFAULT;
  return clampSplit((y - top) / height);
}

/** The share after a key on the handle: arrows move it by 5 %, Home and End to the bounds. */
export function splitByKey(cur: number, key: string): number | null {
  switch (key) {
    case 'ArrowUp':
      return clampSplit(cur - 0.05);
    case 'ArrowDown':
      return clampSplit(cur + 0.05);
    case 'Home':
      return SPLIT_MIN;
    case 'End':
      return SPLIT_MAX;
    default:
      return null;
  }
}

/** The key under which a person's split is kept in this browser. */
export const splitKey = (userId: string) => `arbor-data-split:${userId || 'anonymous'}`;
