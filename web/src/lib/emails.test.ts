import { describe, expect, it } from 'vitest';
import { emailListProblem, joinEmails, parseEmailList } from './emails';

describe('parseEmailList', () => {
  it('splits on commas, trims and drops blanks', () => {
    expect(parseEmailList(' a@x.org,b@y.de ,, ').emails).toEqual(['a@x.org', 'b@y.de']);
  });
  it('accepts semicolons and line breaks as separators', () => {
    expect(parseEmailList('a@x.org; b@y.de\nc@z.fr').emails).toEqual(['a@x.org', 'b@y.de', 'c@z.fr']);
  });
  it('drops repeats regardless of case, keeping the first spelling', () => {
    expect(parseEmailList('Ada@X.org, ada@x.org').emails).toEqual(['Ada@X.org']);
  });
  it('names the entries that are not addresses', () => {
    const r = parseEmailList('a@x.org, not-an-address, b@y, c d@e.org');
    expect(r.emails).toEqual(['a@x.org']);
    expect(r.invalid).toEqual(['not-an-address', 'b@y', 'c d@e.org']);
  });
  it('joins the way the server expects', () => {
    expect(joinEmails(['a@x.org', 'b@y.de'])).toBe('a@x.org, b@y.de');
  });
});

describe('emailListProblem', () => {
  it('reports an empty list', () => {
    expect(emailListProblem(' , ').problem).toBe('empty');
  });
  it('reports invalid entries', () => {
    expect(emailListProblem('a@x.org, nope')).toEqual({ problem: 'invalid', invalid: ['nope'] });
  });
  it('accepts a good list', () => {
    expect(emailListProblem('a@x.org, b@y.de').problem).toBeNull();
  });
});
