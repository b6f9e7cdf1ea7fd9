import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { shouldRetry } from './queryClient';

const err = (status: number, kind: ApiError['kind']) => new ApiError('x', status, 'c', kind);

describe('shouldRetry', () => {
  it('never asks again after a 4xx', () => {
    expect(shouldRetry(0, err(404, 'client'))).toBe(false);
  });
  it('asks three times while the server is briefly unavailable or the network down', () => {
    for (const e of [err(503, 'unavailable'), err(0, 'network')]) {
      expect([0, 1, 2, 3].map((n) => shouldRetry(n, e))).toEqual([true, true, true, false]);
    }
  });
  it('asks once after any other failure', () => {
    expect([0, 1].map((n) => shouldRetry(n, err(500, 'server')))).toEqual([true, false]);
    expect([0, 1].map((n) => shouldRetry(n, new Error('boom')))).toEqual([true, false]);
  });
});
