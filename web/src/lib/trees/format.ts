/** Dates as people read them in the UI language. */
export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) return '';
  // A plain date (YYYY-MM-DD) is a calendar day, not midnight UTC.
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(d);
}

export function formatDateTime(value: string | null | undefined, lang: string): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** Today as YYYY-MM-DD in local time (for date inputs). */
export function todayISO(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** A local calendar day (YYYY-MM-DD) as an RFC 3339 time: now when it is today, else midday. */
export function dayToTimestamp(day: string): string | undefined {
  if (!day) return undefined;
  if (day === todayISO()) return new Date().toISOString();
  return new Date(`${day}T12:00:00`).toISOString();
}
