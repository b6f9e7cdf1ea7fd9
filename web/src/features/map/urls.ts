/**
 * Tile and TileJSON URLs of the API — and of the basemap proxy, which a protected vector style's
 * parts point at — are loaded from the page's own origin, where the session cookie is (the server
 * writes absolute URLs with its public base URL, which may differ behind a proxy).
 * String surgery, not URL(): tile templates keep their {z}/{x}/{y} unescaped.
 */
export function sameOrigin(url: string, origin = typeof window === 'undefined' ? '' : window.location.origin): string {
  const m = /^(https?:\/\/[^/]+)(\/api\/(tiles|styles|management\/project\/[^/]+\/basemaps)\/.*)$/.exec(url);
  if (origin && m && m[1] !== origin) return origin + m[2];
  return url;
}

/** A data tile URL of the API with the filter it is to show (?filter=<json>); others unchanged. */
export function withFilter(url: string, filter: string | null | undefined): string {
  if (!filter || !/\/api\/tiles\/[^/]+\/[a-z]+\/\d+\/\d+\/\d+\.mvt/.test(url)) return url;
  const clean = url.replace(/([?&])filter=[^&]*(&|$)/, (_m, a: string, b: string) => (b ? a : '')).replace(/[?&]$/, '');
  return `${clean}${clean.includes('?') ? '&' : '?'}filter=${encodeURIComponent(filter)}`;
}
