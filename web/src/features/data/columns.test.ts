import { describe, expect, it } from 'vitest';
import {
  COLUMNS,
  defaultColumns,
  identifyingFields,
  loadColumns,
  reconcileColumns,
  saveColumns,
  storageKey,
  toServerSort,
} from './columns';
import { headerWidth } from './columns';

describe('column state', () => {
  it('defaults to every column in order, the usual ones shown', () => {
    const d = defaultColumns();
    expect(d.map((c) => c.colId)).toEqual(COLUMNS.map((c) => c.id));
    expect(d.find((c) => c.colId === 'number')?.hide).toBe(false);
    expect(d.find((c) => c.colId === 'general01')?.hide).toBe(true);
  });

  it("shows a project's active custom fields (its street, its site) right after the tag by default", () => {
    const ident = identifyingFields({
      general02: { active: true },
      general01: { active: true },
      general03: { active: false },
    });
    expect(ident).toEqual(['general01', 'general02']);
    const d = defaultColumns(ident);
    const shown = d.filter((c) => !c.hide).map((c) => c.colId);
    expect(shown.slice(0, 4)).toEqual(['number', 'number_text', 'general01', 'general02']);
    expect(d.find((c) => c.colId === 'general03')?.hide).toBe(true);
    expect(d).toHaveLength(COLUMNS.length);
    // Only the default: what a person arranged stays as they left it.
    const mine = reconcileColumns([{ colId: 'species' }], ident);
    expect(mine.find((c) => c.colId === 'general01')?.hide).toBe(true);
    expect(reconcileColumns(null, ident)).toEqual(d);
  });

  it('keeps the saved order and drops unknown or repeated columns, appending new ones', () => {
    const s = reconcileColumns([
      { colId: 'vitality', width: 5000 },
      { colId: 'gone' },
      { colId: 'number', hide: true },
      { colId: 'vitality' },
    ]);
    expect(s.slice(0, 2)).toEqual([
      { colId: 'vitality', hide: false, width: 800, pinned: null },
      { colId: 'number', hide: true, width: 100, pinned: null },
    ]);
    expect(s).toHaveLength(COLUMNS.length);
    expect(new Set(s.map((c) => c.colId)).size).toBe(COLUMNS.length);
  });

  it('never hides every column, and falls back on garbage', () => {
    const all = COLUMNS.map((c) => ({ colId: c.id, hide: true }));
    expect(reconcileColumns(all)[0].hide).toBe(false);
    expect(reconcileColumns('x')).toEqual(defaultColumns());
  });

  it('is kept per user and project', () => {
    const m = new Map<string, string>();
    const storage = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
    const mine = reconcileColumns([{ colId: 'species' }, { colId: 'number', hide: true }]);
    saveColumns('u1', 'p1', mine, storage);
    expect(m.has(storageKey('u1', 'p1'))).toBe(true);
    expect(loadColumns('u1', 'p1', storage)).toEqual(mine);
    expect(loadColumns('u2', 'p1', storage)).toEqual(defaultColumns());
    expect(loadColumns('u1', 'p2', storage)).toEqual(defaultColumns());
  });
});

describe('toServerSort', () => {
  it('names the server’s sort keys, descending with a minus, skipping unsortable columns', () => {
    expect(
      toServerSort([
        { colId: 'check_next', sort: 'desc' },
        { colId: 'species', sort: 'asc' },
        { colId: 'symptoms', sort: 'asc' },
      ]),
    ).toEqual(['-check_next', 'species_botanical']);
  });
});

describe('headerWidth', () => {
  it('fits the longest word of a header, as headers wrap between words', () => {
    // "Nummernschild" was cut at 120 px, "Baum oder Gruppe" at 110 px.
    expect(headerWidth('Nummernschild')).toBeGreaterThan(150);
    expect(headerWidth('Baum oder Gruppe')).toBe(headerWidth('Gruppe'));
    expect(headerWidth('Nr.')).toBeLessThan(100);
  });
});
