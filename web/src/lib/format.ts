/** Numbers and times as a person reads them in their language (docs/PRODUCT.md §9). */

/** A number with at most one fractional digit, grouped by the locale's rules. */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}

/** A share of a whole as a percentage with at most one fractional digit; 0 of nothing is 0 %. */
export function formatPercent(part: number, whole: number, locale: string): string {
  const share = whole > 0 ? part / whole : 0;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

/**
 * How long ago something happened (docs/PRODUCT.md §9: just now, minutes, hours, days, years), in the
 * locale's words: under a minute it is `justNow`, then minutes, hours, days and, from a year on,
 * years. A time in the future (a clock running ahead) counts as just now.
 */
export function relativeTime(at: Date, now: Date, locale: string, justNow: string): string {
  const seconds = Math.round((now.getTime() - at.getTime()) / 1000);
  if (seconds < MINUTE) return justNow;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (seconds < HOUR) return rtf.format(-Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return rtf.format(-Math.floor(seconds / HOUR), 'hour');
  if (seconds < YEAR) return rtf.format(-Math.floor(seconds / DAY), 'day');
  return rtf.format(-Math.floor(seconds / YEAR), 'year');
}

/** "850 m²" up to a hectare, then "1.25 ha", in the UI language. */
export function formatArea(m2: number, lang: string): string {
  if (m2 < 10000) {
    return `${new Intl.NumberFormat(lang, { maximumFractionDigits: m2 < 100 ? 1 : 0 }).format(m2)} m²`;
  }
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(m2 / 10000)} ha`;
}
