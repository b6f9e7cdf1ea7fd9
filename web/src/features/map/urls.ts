/**
 * Tile and TileJSON URLs of the API are loaded from the page's own origin, where the session cookie
 * is (the server writes absolute URLs with its public base URL, which may differ behind a proxy).
 * String surgery, not URL(): tile templates keep their {z}/{x}/{y} unescaped.
 */
export function sameOrigin(url: string, origin = typeof window === 'undefined' ? '' : window.location.origin): string {
  const m = /^(https?:\/\/[^/]+)(\/api\/(tiles|styles)\/.*)$/.exec(url);
  if (origin && m && m[1] !== origin) return origin + m[2];
  return url;
}
