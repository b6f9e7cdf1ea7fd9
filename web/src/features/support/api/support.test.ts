import { describe, expect, it } from 'vitest';
import { canExtend, extendedUntil, storageSize } from './support';

describe('support overview', () => {
  it('extends a running demo from its end and an ended one from now', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(extendedUntil('2026-12-01T12:00:00Z', 10, now).toISOString()).toBe('2026-12-11T12:00:00.000Z');
    expect(extendedUntil('2026-11-01T12:00:00Z', 7, now).toISOString()).toBe('2026-12-04T12:00:00.000Z');
  });
  it('offers the extension only in the demo or after it', () => {
    expect(canExtend({ status: 'demo' })).toBe(true);
    expect(canExtend({ status: 'expired' })).toBe(true);
    expect(canExtend({ status: 'booked' })).toBe(false);
    expect(canExtend({ status: 'terminated' })).toBe(false);
  });
  it('shows storage in MB below a GB and in GB above', () => {
    expect(storageSize(12.5, 'en')).toBe('12.5 MB');
    expect(storageSize(20480, 'en')).toBe('20 GB');
    expect(storageSize(1536, 'de')).toBe('1,5 GB');
  });
});
