import { describe, expect, it } from 'vitest';
import { addDays, assessment, FELLING_WARN_DAYS, fellingWarning, overdueSafetyWorks } from './safety';

const felling = (deadline: string | null, extra: object = {}) => ({
  security_relevance: true,
  code_action_security: 3,
  deadline,
  execute_timestamp: null,
  ...extra,
});

describe('assessment', () => {
  it('reads a tree the works leave safe as not assessed when never inspected, unconfirmed when overdue', () => {
    expect(assessment(0, null)).toBe('unassessed');
    expect(assessment(0, 4)).toBe('unassessed');
    expect(assessment(0, 0)).toBe('overdue');
    expect(assessment(0, 1)).toBeNull();
    expect(assessment(0, 3)).toBeNull();
  });
  it('leaves a safety the works give as it is', () => {
    expect(assessment(3, null)).toBeNull();
    expect(assessment(1, 0)).toBeNull();
  });
});

describe('felling warning', () => {
  const today = '2026-11-25';
  it('warns after four weeks, not within them', () => {
    expect(FELLING_WARN_DAYS).toBe(28);
    expect(fellingWarning(3, [felling(addDays(today, 28))], today)).toBeNull();
    expect(fellingWarning(3, [felling(addDays(today, 29))], today)).toEqual({ kind: 'far', date: '2026-12-24' });
  });
  it('warns when no felling has a date, and leaves overdue ones to the overdue warning', () => {
    expect(fellingWarning(3, [felling(null)], today)).toEqual({ kind: 'none' });
    expect(fellingWarning(3, [], today)).toEqual({ kind: 'none' });
    expect(fellingWarning(3, [felling('2026-11-01')], today)).toBeNull();
  });
  it('counts only open safety-relevant fellings, and only on trees not safe', () => {
    expect(fellingWarning(3, [felling('2026-11-30', { security_relevance: false })], today)).toEqual({ kind: 'none' });
    expect(fellingWarning(3, [felling('2026-11-30', { execute_timestamp: '2026-11-20T10:00:00Z' })], today)).toEqual({
      kind: 'none',
    });
    expect(fellingWarning(2, [felling('2027-06-01')], today)).toBeNull();
  });
  it('finds the open safety-relevant works past their deadline', () => {
    const works = [felling('2026-11-24'), felling('2026-11-25'), felling('2026-01-01', { security_relevance: false })];
    expect(overdueSafetyWorks(works, today)).toEqual([works[0]]);
  });
});
