import { describe, expect, it } from 'vitest';
import { figures, formatEuro } from './packages';

describe('packages', () => {
  it('shows euro with 0 or 2 fraction digits', () => {
    expect(formatEuro(29000, 'en')).toBe('€290');
    expect(formatEuro(11250, 'en')).toBe('€112.50');
    expect(formatEuro(169000, 'de')).toBe('1.690\u00a0€');
  });
  it('computes VAT as the server does (half up to the cent)', () => {
    expect(figures(29000, 1, 19)).toEqual({ net: 29000, vat: 5510, gross: 34510 });
    expect(figures(11250, 1, 19)).toEqual({ net: 11250, vat: 2138, gross: 13388 });
    expect(figures(6000, 3, 19)).toEqual({ net: 18000, vat: 3420, gross: 21420 });
  });
});
