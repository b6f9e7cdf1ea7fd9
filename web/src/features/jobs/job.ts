import type { Job, JobConflict, JobItem, JobRole } from '@/api/jobs/types';

/** Status colours: open (blue), in progress (orange), completed (green). */
export const STATUS_COLOR = { 0: 'blue', 1: 'orange', 2: 'arbor' } as const;

/** The transitions the job page offers from a status (the server takes any of 0, 1, 2). */
export function transitionsOf(status: number): { to: 0 | 1 | 2; key: string; primary: boolean }[] {
  switch (status) {
    case 0:
      return [{ to: 1, key: 'release', primary: true }];
    case 1:
      return [
        { to: 2, key: 'complete', primary: true },
        { to: 0, key: 'reopen', primary: false },
      ];
    default:
      return [{ to: 1, key: 'resume', primary: false }];
  }
}

/** Share of the job's works done, 0–100 (no works: 0). */
export function worksPercent(job: Pick<Job, 'action_count' | 'action_done'>): number {
  return job.action_count ? Math.round((job.action_done / job.action_count) * 100) : 0;
}

/** Objects of the job (trees and groups, not works) and how many were inspected since it began. */
export function inspectedOf(items: JobItem[]): { done: number; total: number } {
  const objects = items.filter((i) => !i.action);
  return { done: objects.filter((i) => i.check_timestamp).length, total: objects.length };
}

/** Whether someone may manage the job (build, release, assign) or hold it. */
export const canManage = (role: JobRole | undefined) => role === 'job-manager';
export const canHold = (role: JobRole | undefined) => role === 'job-manager' || role === 'editor' || role === 'care';
/** The project role a job participant works with (as the server's job session). */
export const jobRole = (role: JobRole): string => (role === 'job-manager' ? 'manager' : role);

/** The newest unresolved record of a lock of `userId` broken by someone else, if any. */
export function brokenLockOf(job: Pick<Job, 'conflicts' | 'locked_by'>, userId: string): JobConflict | undefined {
  if (job.locked_by === userId) return undefined;
  return [...(job.conflicts ?? [])]
    .reverse()
    .find((c) => c.kind === 'lock_broken' && c.holder === userId && !c.resolved_at);
}

/** Items matching a search by number, tag, species or work name. */
export function searchItems(items: JobItem[], q: string): JobItem[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return items;
  return items.filter((i) =>
    [String(i.number), i.number_text, i.species_botanical, i.species_language, i.action_name].some((v) =>
      v?.toLowerCase().includes(needle),
    ),
  );
}

/**
 * What a job manager should confirm before a transition, or null: releasing a job nobody is assigned
 * to sends it to no one; completing one whose works are not all done leaves them undone.
 */
export function transitionWarning(
  job: Pick<Job, 'status' | 'action_count' | 'action_done'>,
  to: number,
  participants: number,
): 'noParticipants' | 'undone' | null {
  if (job.status === 0 && to === 1 && participants === 0) return 'noParticipants';
  if (to === 2 && job.action_count > 0 && job.action_done < job.action_count) return 'undone';
  return null;
}
