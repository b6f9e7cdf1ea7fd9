import { describe, expect, it } from 'vitest';
import type { Tree } from '@/api/trees/types';
import {
  changedFields,
  checkClassOf,
  formValuesOf,
  historyFieldName,
  historyFieldVisible,
  historyValueKind,
  offeredNumber,
  stockState,
  treeLabel,
  treePermissions,
} from './tree';

const tree = (over: Partial<Tree> = {}): Tree =>
  ({
    id: 't1',
    number: 7,
    number_text: 'A-7',
    species: null,
    top_form: '',
    symptoms: [],
    planting_year: 1990,
    height: 12.5,
    diameter: null,
    scope: null,
    top_diameter: null,
    tree_count: 1,
    species_count: 0,
    vitality: 1,
    development: null,
    damage_tree: null,
    security_expectation: null,
    valuation_top: null,
    valuation_root: null,
    valuation_trunk: null,
    valuation_group: null,
    general01: 'x',
    cut: false,
    archive: false,
    ...over,
  }) as Tree;

describe('tree permissions', () => {
  it('follows the permission table and makes a cancelled organisation read-only', () => {
    expect(treePermissions('manager', false)).toEqual({
      edit: true,
      inspect: true,
      archive: true,
      fell: true,
      works: true,
    });
    expect(treePermissions('editor', false)).toEqual({
      edit: true,
      inspect: true,
      archive: true,
      fell: true,
      works: true,
    });
    expect(treePermissions('care', false)).toEqual({
      edit: false,
      inspect: false,
      archive: false,
      fell: true,
      works: true,
    });
    expect(treePermissions('reader', false)).toEqual({
      edit: false,
      inspect: false,
      archive: false,
      fell: false,
      works: false,
    });
    expect(treePermissions('', false).works).toBe(false);
    expect(Object.values(treePermissions('manager', true)).some(Boolean)).toBe(false);
  });
});

describe('inspection classes', () => {
  const today = new Date(2026, 5, 15); // 15 June 2026
  it('sorts next dates into overdue, due, up to 3 months and later', () => {
    expect(checkClassOf(null, today)).toBeNull();
    expect(checkClassOf('2026-05-04', today)).toBe(1); // exactly 6 weeks ago: still due
    expect(checkClassOf('2026-05-03', today)).toBe(0);
    expect(checkClassOf('2026-07-27', today)).toBe(1); // 6 weeks ahead
    expect(checkClassOf('2026-07-28', today)).toBe(2);
    expect(checkClassOf('2026-09-15', today)).toBe(2); // 3 months ahead
    expect(checkClassOf('2026-09-16', today)).toBe(3);
  });
});

describe('numbers and states', () => {
  it('shows the tag only where the project says so', () => {
    expect(treeLabel(tree(), true, 'No.')).toBe('A-7');
    expect(treeLabel(tree(), false, 'No.')).toBe('No. 7');
    expect(treeLabel(tree({ number_text: '' }), true, 'No.')).toBe('No. 7');
  });
  it('felled goes before archived', () => {
    expect(stockState(tree())).toBe('stock');
    expect(stockState(tree({ archive: true }))).toBe('archived');
    expect(stockState(tree({ archive: true, cut: true }))).toBe('felled');
  });
  it('reads the next free number of a duplicate conflict only', () => {
    expect(offeredNumber({ next: 12 })).toBe(12);
    expect(offeredNumber({ id: 'x', number: 3 })).toBeNull();
    expect(offeredNumber(undefined)).toBeNull();
  });
});

describe('form values', () => {
  it('sends only what changed, empty numbers and enumerations as null', () => {
    const from = formValuesOf(tree());
    expect(changedFields(from, formValuesOf(tree()))).toEqual({});
    const to = structuredClone(from);
    to.numbers.height = '';
    to.numbers.diameter = 40;
    to.enums.vitality = null;
    to.enums.development = '2';
    to.custom.general01 = ' y ';
    to.symptoms = ['Cavity'];
    to.species = 'sp1';
    to.number = 9;
    expect(changedFields(from, to)).toEqual({
      height: null,
      diameter: 40,
      vitality: null,
      development: 2,
      general01: 'y',
      symptoms: ['Cavity'],
      species: 'sp1',
      number: 9,
    });
  });
});

describe('history', () => {
  it('names columns as fields and hides bookkeeping', () => {
    expect(historyFieldName('species_id')).toBe('species');
    expect(historyFieldName('work_id')).toBe('work');
    expect(historyFieldVisible('execute_username')).toBe(false);
    expect(historyFieldVisible('vitality')).toBe(true);
    expect(historyFieldVisible(null)).toBe(true);
    expect(historyValueKind('vitality')).toBe('enum');
    expect(historyValueKind('action_security')).toBe('safety');
    expect(historyValueKind('cut')).toBe('bool');
    expect(historyValueKind('cut_date')).toBe('date');
    expect(historyValueKind('species_id')).toBe('species');
    expect(historyValueKind('height')).toBe('text');
  });
});
