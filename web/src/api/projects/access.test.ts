import { describe, expect, it } from 'vitest';
import en from '@/i18n/en.json';
import de from '@/i18n/de.json';
import fr from '@/i18n/fr.json';
import {
  accessLabelKey,
  accessOfRole,
  accessOptions,
  canManage,
  isAccessLevel,
  roleLabelKey,
  roleOfAccess,
} from './access';

const lookup = (dict: unknown) => (key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], dict) as string;

describe('access levels', () => {
  it('names the levels in English and German', () => {
    const t = lookup(en);
    expect([0, 1, 2, 3].map((l) => t(accessLabelKey(l)))).toEqual(['Management', 'View', 'Edit', 'Care']);
    const d = lookup(de);
    expect([0, 1, 2, 3].map((l) => d(accessLabelKey(l)))).toEqual(['Verwaltung', 'Ansicht', 'Bearbeitung', 'Pflege']);
    const f = lookup(fr);
    for (const l of [0, 1, 2, 3]) expect(f(accessLabelKey(l))).toBeTruthy();
  });
  it('maps levels to roles and back', () => {
    expect(roleOfAccess(0)).toBe('manager');
    expect(roleOfAccess(1)).toBe('reader');
    expect(roleOfAccess(2)).toBe('editor');
    expect(roleOfAccess(3)).toBe('care');
    expect(accessOfRole('reader')).toBe(1);
    expect(accessOfRole('admin')).toBeUndefined();
    expect(roleLabelKey('care')).toBe('access.3');
    expect(roleLabelKey(undefined)).toBe('access.unknown');
  });
  it('knows valid levels', () => {
    expect(isAccessLevel(3)).toBe(true);
    expect(isAccessLevel(4)).toBe(false);
    expect(isAccessLevel(1.5)).toBe(false);
    expect(isAccessLevel('1')).toBe(false);
    expect(accessLabelKey(7)).toBe('access.unknown');
  });
  it('lets only managers manage', () => {
    expect(canManage('manager')).toBe(true);
    for (const r of ['reader', 'editor', 'care', '', undefined]) expect(canManage(r)).toBe(false);
  });
  it('offers the four levels as select options', () => {
    expect(accessOptions(lookup(en))).toEqual([
      { value: '0', label: 'Management' },
      { value: '1', label: 'View' },
      { value: '2', label: 'Edit' },
      { value: '3', label: 'Care' },
    ]);
  });
});
