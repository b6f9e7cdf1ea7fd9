import { describe, expect, it } from 'vitest';
import {
  addressLine,
  canEditOrganisation,
  COUNTRIES,
  countryOptions,
  fieldsOf,
  isPlatformSupport,
  leitwegValid,
  statusBadge,
  zipValid,
} from './organisation';
import type { Organisation } from './types';

describe('countries', () => {
  it('names every country in the UI language, sorted', () => {
    const de = countryOptions('de');
    expect(de).toHaveLength(COUNTRIES.length);
    expect(de.find((c) => c.value === 'DE')?.label).toBe('Deutschland');
    expect(de.find((c) => c.value === 'AT')?.label).toBe('Österreich');
    const en = countryOptions('en');
    expect(en.find((c) => c.value === 'CH')?.label).toBe('Switzerland');
    const labels = en.map((c) => c.label);
    expect([...labels].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(labels);
  });
});

describe('validation', () => {
  it('accepts postal codes of 4 or 5 digits, or none', () => {
    for (const z of ['1010', '24937', '', ' ']) expect(zipValid(z)).toBe(true);
    for (const z of ['123', '123456', '24a37', 'D-24937']) expect(zipValid(z)).toBe(false);
  });
  it('checks Leitweg-IDs like the server', () => {
    for (const id of ['04011000-1234512345-06', '991-33333TEST-33', '04011000-06', ''])
      expect(leitwegValid(id)).toBe(true);
    for (const id of ['04011000', 'abc-12', '1-12']) expect(leitwegValid(id)).toBe(false);
  });
});

describe('statusBadge', () => {
  it('counts the demo days', () => {
    expect(statusBadge({ status: 'demo', demo_days_left: 28 })).toEqual({
      key: 'organisations.status.demo',
      count: 28,
      color: 'arbor',
    });
    expect(statusBadge({ status: 'demo', demo_days_left: 1 }).color).toBe('orange');
  });
  it('shows expired and cancelled organisations', () => {
    expect(statusBadge({ status: 'expired', demo_days_left: 0 }).key).toBe('organisations.status.expired');
    expect(statusBadge({ status: 'terminated', demo_days_left: 0 }).key).toBe('organisations.status.terminated');
  });
});

describe('organisation helpers', () => {
  const org = {
    id: 'x',
    name: 'Stadt Flensburg',
    street: 'Rathausplatz',
    number: '1',
    zip: '24937',
    city: 'Flensburg',
    roles: ['admin'],
    status: 'demo',
    version: 3,
  } as unknown as Organisation;
  it('lets administrators edit unless cancelled', () => {
    expect(canEditOrganisation(org)).toBe(true);
    expect(canEditOrganisation({ ...org, status: 'terminated' })).toBe(false);
    expect(canEditOrganisation({ ...org, roles: ['member'] })).toBe(false);
    expect(canEditOrganisation(undefined)).toBe(false);
  });
  it('takes only the editable fields, with defaults for the missing ones', () => {
    const f = fieldsOf(org);
    expect(f.name).toBe('Stadt Flensburg');
    expect(f.invoice_type).toBe('billing');
    expect(f.country).toBe('DE');
    expect('version' in f).toBe(false);
  });
  it('writes an address line', () => {
    expect(addressLine(org)).toBe('Rathausplatz 1, 24937 Flensburg');
    expect(addressLine({ street: '', number: '', zip: '', city: 'Kiel' })).toBe('Kiel');
  });
});

describe('platform support', () => {
  it('shows the "All organisations" control only to users with the authority "super"', () => {
    expect(isPlatformSupport({ authorities: ['super'] })).toBe(true);
    expect(isPlatformSupport({ authorities: ['user', 'super'] })).toBe(true);
    expect(isPlatformSupport({ authorities: ['user'] })).toBe(false);
    expect(isPlatformSupport({ authorities: ['superuser', 'Super'] })).toBe(false);
    expect(isPlatformSupport({ authorities: [] })).toBe(false);
    expect(isPlatformSupport({ authorities: null })).toBe(false);
    expect(isPlatformSupport({})).toBe(false);
    expect(isPlatformSupport(null)).toBe(false);
    expect(isPlatformSupport(undefined)).toBe(false);
  });
});
