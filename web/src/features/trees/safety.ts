/**
 * What the safety of a tree means to someone reading it. Safety comes from the open works alone
 * (the database derives it): with no safety-relevant work open a tree is safe, even one nobody
 * has inspected. Wherever safety is shown, a tree the works leave safe reads "not assessed" when
 * it was never inspected and "safety unconfirmed" when its inspection is overdue.
 */

/**
 * How far out a felling may be set on a tree that is not safe before Arbor warns: four weeks,
 * the time a tree-care firm needs to schedule urgent work. The server counts the dashboard's
 * "fellings far out" with the same number (store.FellingWarnDays, answered as felling_warn_days).
 */
export const FELLING_WARN_DAYS = 28;

/** The safety code of a felling in the works list (code_action_security): not safe. */
export const FELLING_CODE = 3;

export type Assessment = 'unassessed' | 'overdue' | null;

/** "unassessed" (never inspected) or "overdue" (inspection overdue) for a tree the works leave safe. */
export function assessment(safety: number, checkClass: number | null | undefined): Assessment {
  if (safety !== 0) return null;
  if (checkClass === null || checkClass === undefined || checkClass === 4) return 'unassessed';
  if (checkClass === 0) return 'overdue';
  return null;
}

interface OpenWork {
  security_relevance: boolean;
  code_action_security: number;
  deadline: string | null;
  execute_timestamp?: string | null;
}

/** The ISO day n days after day (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Whether a felling's deadline is further out than the warning allows (none counts as far). */
export function fellingTooFar(deadline: string | null | undefined, today: string): boolean {
  return !deadline || deadline > addDays(today, FELLING_WARN_DAYS);
}

/**
 * The warning for a tree that is not safe: none when a safety-relevant felling is due within
 * FELLING_WARN_DAYS (or already overdue, which the overdue warning tells); "far" with the
 * earliest felling's date when it is set further out; "none" when no felling has a date.
 */
export function fellingWarning(
  safety: number,
  works: OpenWork[],
  today: string,
): { kind: 'far'; date: string } | { kind: 'none' } | null {
  if (safety !== FELLING_CODE) return null;
  const fellings = works.filter(
    (w) => !w.execute_timestamp && w.security_relevance && w.code_action_security === FELLING_CODE,
  );
  const dates = fellings.map((w) => w.deadline).filter((d): d is string => !!d);
  if (dates.some((d) => !fellingTooFar(d, today))) return null;
  if (dates.length === 0) return { kind: 'none' };
  return { kind: 'far', date: dates.sort()[0] };
}

/** The open safety-relevant works past their deadline. */
export function overdueSafetyWorks<W extends OpenWork>(works: W[], today: string): W[] {
  return works.filter((w) => !w.execute_timestamp && w.security_relevance && !!w.deadline && w.deadline < today);
}
