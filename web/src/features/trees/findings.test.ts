import { describe, expect, it } from 'vitest';
import { findingsOf, saidFindings } from './findings';

describe('findingsOf', () => {
  it('sends one finding per chosen symptom with what was said of it', () => {
    const details = {
      Cavity: { part: 'trunk' as const, severity: 3 as const },
      Dropped: { part: 'crown' as const, severity: 1 as const },
    };
    expect(findingsOf(['Cavity', 'Deadwood'], details)).toEqual([
      { symptom: 'Cavity', part: 'trunk', severity: 3 },
      { symptom: 'Deadwood', part: '', severity: 0 },
    ]);
    // A routine check of a healthy tree sends nothing.
    expect(findingsOf([], details)).toEqual([]);
  });
  it('lists on the record only what has a place or a severity', () => {
    expect(
      saidFindings([
        { symptom: 'a', part: '', severity: 0 },
        { symptom: 'b', part: 'root', severity: 0 },
        { symptom: 'c', part: '', severity: 2 },
      ]).map((f) => f.symptom),
    ).toEqual(['b', 'c']);
    expect(saidFindings(undefined)).toEqual([]);
  });
});
