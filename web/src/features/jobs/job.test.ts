import { describe, expect, it } from 'vitest';
import {
  brokenLockOf,
  canHold,
  canManage,
  inspectedOf,
  jobRole,
  searchItems,
  transitionWarning,
  transitionsOf,
  worksPercent,
} from './job';
import type { JobItem } from '@/api/jobs/types';

const item = (over: Partial<JobItem>): JobItem => ({
  tree: 't',
  number: 1,
  number_text: '',
  single_tree: true,
  species_botanical: '',
  species_language: '',
  action: null,
  action_name: '',
  deadline: null,
  execute_timestamp: null,
  check_timestamp: null,
  ...over,
});

describe('job helpers', () => {
  it('offers release from open, complete or reopen in progress, resume when completed', () => {
    expect(transitionsOf(0).map((t) => t.to)).toEqual([1]);
    expect(transitionsOf(1).map((t) => t.to)).toEqual([2, 0]);
    expect(transitionsOf(2).map((t) => t.to)).toEqual([1]);
  });
  it('computes the share of works done', () => {
    expect(worksPercent({ action_count: 0, action_done: 0 })).toBe(0);
    expect(worksPercent({ action_count: 3, action_done: 1 })).toBe(33);
    expect(worksPercent({ action_count: 2, action_done: 2 })).toBe(100);
  });
  it('counts inspected objects but not works', () => {
    const items = [
      item({ tree: 'a', check_timestamp: '2026-01-01' }),
      item({ tree: 'a', action: 'w', check_timestamp: '2026-01-01' }),
      item({ tree: 'b' }),
    ];
    expect(inspectedOf(items)).toEqual({ done: 1, total: 2 });
  });
  it('names who manages and who may hold a job', () => {
    expect(canManage('job-manager')).toBe(true);
    expect(canManage('editor')).toBe(false);
    expect(canHold('care')).toBe(true);
    expect(jobRole('job-manager')).toBe('manager');
    expect(jobRole('care')).toBe('care');
    expect(canHold('reader')).toBe(false);
    expect(canHold('')).toBe(false);
  });
  it('finds the newest broken lock of a person unless they hold the job again', () => {
    const conflicts = [
      { kind: 'lock_broken', holder: 'me', by: 'boss', at: '1' },
      { kind: 'lock_broken', holder: 'other', by: 'boss', at: '2' },
      { kind: 'lock_broken', holder: 'me', by: 'boss', at: '3' },
    ];
    expect(brokenLockOf({ conflicts, locked_by: null }, 'me')?.at).toBe('3');
    expect(brokenLockOf({ conflicts, locked_by: 'me' }, 'me')).toBeUndefined();
    expect(brokenLockOf({ conflicts, locked_by: null }, 'nobody')).toBeUndefined();
    const resolved = conflicts.map((c) => ({ ...c, resolved_at: c.at === '3' ? '4' : undefined }));
    expect(brokenLockOf({ conflicts: resolved, locked_by: null }, 'me')?.at).toBe('1');
  });
  it('searches by number, species and work', () => {
    const items = [
      item({ number: 12, species_botanical: 'Tilia cordata' }),
      item({ number: 7, action: 'w', action_name: 'Deadwood removal' }),
    ];
    expect(searchItems(items, 'tilia')).toHaveLength(1);
    expect(searchItems(items, 'DEADWOOD')[0].number).toBe(7);
    expect(searchItems(items, '12')).toHaveLength(1);
    expect(searchItems(items, ' ')).toHaveLength(2);
  });
});

describe('transitionWarning', () => {
  const job = (status: 0 | 1 | 2, action_done: number, action_count: number) => ({ status, action_done, action_count });
  it('asks before releasing a job nobody is assigned to', () => {
    expect(transitionWarning(job(0, 0, 2), 1, 0)).toBe('noParticipants');
    expect(transitionWarning(job(0, 0, 2), 1, 1)).toBeNull();
    // Resuming a completed job is not a release.
    expect(transitionWarning(job(2, 2, 2), 1, 0)).toBeNull();
  });
  it('asks before completing a job with works left undone, at 0 % above all', () => {
    expect(transitionWarning(job(1, 0, 3), 2, 2)).toBe('undone');
    expect(transitionWarning(job(1, 2, 3), 2, 2)).toBe('undone');
    expect(transitionWarning(job(1, 3, 3), 2, 2)).toBeNull();
    // A job of trees to inspect has no works to be undone.
    expect(transitionWarning(job(1, 0, 0), 2, 2)).toBeNull();
    expect(transitionWarning(job(1, 0, 3), 0, 0)).toBeNull();
  });
});
