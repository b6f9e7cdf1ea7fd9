import { describe, expect, it } from 'vitest';
import themes from '../../../../styles/themes.json';
import { classColor, noneColor } from './colors';
import { dataViewPath, segmentFilter } from './filters';
import { pinnedSegments } from './pinnedSegments';
import { formatNumber, formatPercent, relativeTime } from '@/lib/format';

describe('segment → filter', () => {
  it('builds for every segment of every card the filter pinned in segment-filters.json (the Go test counts those)', () => {
    const pinned = pinnedSegments();
    for (const { card, key, conditions } of pinned) {
      expect(segmentFilter(card, key), `${card}/${key}`).toEqual({ conditions });
    }
    expect(pinned).toHaveLength(36);
  });
  it('sends classes as "one of", the form the panel shows for coded fields', () => {
    expect(segmentFilter('safety', '3')).toEqual({ conditions: [{ field: 'action_security', op: 'in', value: [3] }] });
    expect(segmentFilter('vitality', 'none')).toEqual({ conditions: [{ field: 'vitality', op: 'empty' }] });
    expect(segmentFilter('checks', 'never').conditions).toEqual([{ field: 'check_class', op: 'in', value: [4] }]);
  });
  it('splits safe by inspection on the project dashboard only', () => {
    expect(segmentFilter('safety', 'unassessed').conditions).toEqual([
      { field: 'action_security', op: 'in', value: [0] },
      { field: 'check_class', op: 'in', value: [4] },
    ]);
  });
  it('narrows to a job, whatever the stock state', () => {
    const job = '7b1d3c1e-0000-4000-8000-000000000001';
    expect(segmentFilter('safety', '1', { job })).toEqual({
      state: 'all',
      conditions: [
        { field: 'job', op: 'eq', value: job },
        { field: 'action_security', op: 'in', value: [1] },
      ],
    });
    expect(segmentFilter('safety', '0', { job }).conditions).toEqual([
      { field: 'job', op: 'eq', value: job },
      { field: 'action_security', op: 'in', value: [0] },
    ]);
    expect(segmentFilter('works', 'none', { job }).conditions).toEqual([
      { field: 'job', op: 'eq', value: job },
      { field: 'deadline_class', op: 'in', value: [5] },
    ]);
  });
  it('refuses classes that do not exist', () => {
    expect(() => segmentFilter('checks', 'soon')).toThrow();
    expect(() => segmentFilter('safety', 'x')).toThrow();
  });
  it('builds the data view URL with the filter as JSON', () => {
    const f = segmentFilter('safety', '3');
    const path = dataViewPath('p-1', f);
    expect(path.startsWith('/projects/p-1/data?filter=')).toBe(true);
    const u = new URL(path, 'http://x');
    expect(JSON.parse(u.searchParams.get('filter') ?? '')).toEqual(f);
  });
});

describe('numbers', () => {
  it('show at most one fractional digit in the locale', () => {
    expect(formatNumber(1234.56, 'en')).toBe('1,234.6');
    expect(formatNumber(1234.56, 'de')).toBe('1.234,6');
    expect(formatNumber(12, 'en')).toBe('12');
    expect(formatPercent(1, 3, 'en')).toBe('33.3%');
    expect(formatPercent(1, 3, 'de')).toMatch(/^33,3\s?%$/);
    expect(formatPercent(0, 0, 'en')).toBe('0%');
  });
});

describe('relative times', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  it('say just now under a minute', () => {
    expect(relativeTime(ago(20), now, 'en', 'just now')).toBe('just now');
    expect(relativeTime(ago(-30), now, 'de', 'gerade eben')).toBe('gerade eben');
  });
  it('count minutes, hours, days and years in the language', () => {
    expect(relativeTime(ago(5 * 60), now, 'en', '')).toBe('5 minutes ago');
    expect(relativeTime(ago(5 * 60), now, 'de', '')).toBe('vor 5 Minuten');
    expect(relativeTime(ago(3 * 3600 + 59), now, 'en', '')).toBe('3 hours ago');
    expect(relativeTime(ago(3 * 3600), now, 'fr', '')).toBe('il y a 3 heures');
    expect(relativeTime(ago(2 * 86400), now, 'en', '')).toBe('2 days ago');
    expect(relativeTime(ago(200 * 86400), now, 'de', '')).toBe('vor 200 Tagen');
    expect(relativeTime(ago(800 * 86400), now, 'en', '')).toBe('2 years ago');
  });
});

describe('class colours', () => {
  it('are the map theme colours in both schemes', () => {
    const safety = themes.themes.find((t) => t.id === 'safety')!;
    for (const c of safety.classes) {
      expect(classColor('safety', c.value, 'light')).toBe(c.light);
      expect(classColor('safety', String(c.value), 'dark')).toBe(c.dark);
    }
    expect(classColor('vitality', 4, 'dark')).not.toBe(classColor('vitality', 4, 'light'));
    expect(classColor('development', 'none', 'light')).toBe(noneColor('light'));
  });
});

describe('segments', () => {
  const t = ((k: string) => k) as unknown as import('i18next').TFunction;
  it('read named and numbered windows alike, in class order', async () => {
    const { windowSegments } = await import('./segments');
    const named = windowSegments(
      'works',
      { overdue: 4, weeks2: 1, months3: 0, months6: 2, later: 9, none: 3 },
      t,
      'light',
      4,
    );
    expect(named.map((s) => [s.key, s.value])).toEqual([
      ['overdue', 4],
      ['weeks2', 1],
      ['months3', 0],
      ['months6', 2],
    ]);
    const numbered = windowSegments('checks', { '0': 1, '1': 2, '2': 3, '3': 4, '4': 5 }, t, 'dark');
    expect(numbered.map((s) => [s.key, s.value])).toEqual([
      ['overdue', 1],
      ['due', 2],
      ['months3', 3],
      ['later', 4],
      ['never', 5],
    ]);
    expect(numbered[0].color).toBe(classColor('inspection', 0, 'dark'));
  });
  it('add "none" to value classes only when counted', async () => {
    const { valueSegments } = await import('./segments');
    expect(valueSegments('safety', { '0': 2, '3': 1 }, t, 'light').map((s) => s.key)).toEqual(['0', '1', '2', '3']);
    const v = valueSegments('vitality', { '0': 1, none: 4 }, t, 'light');
    expect(v.map((s) => s.key)).toEqual(['0', '1', '2', '3', '4', 'none']);
    expect(v[5]).toMatchObject({ value: 4, label: 'dashboard.none', color: noneColor('light') });
  });
});

describe('news', () => {
  const t = ((k: string, o?: Record<string, unknown>) =>
    `${k}${o ? JSON.stringify(o) : ''}`) as unknown as import('i18next').TFunction;
  const at = '2026-11-22T11:00:00Z';
  const base = {
    at,
    alias: 'Ada Baum',
    entity: 'tree',
    op: 'update',
    field: 'vitality',
    new_value: 2,
    project: 'p',
    projectName: 'Park',
    object: 'o',
    number: 12,
    number_text: '',
  } as const;
  it('names who changed which fields of which object, one entry per change', async () => {
    const { mergeNews, newsText } = await import('./news');
    const entries = mergeNews([
      { ...base },
      { ...base, field: 'height', new_value: 9 },
      { ...base, at: '2026-11-22T10:00:00Z' },
    ]);
    expect(entries.length).toBe(2);
    expect(entries[0].fields).toEqual(['vitality', 'height']);
    const s = newsText(entries[0], t);
    expect(s.startsWith('dashboard.news.tree.update')).toBe(true);
    expect(s).toContain('"who":"Ada Baum"');
    expect(s).toContain('treeFields.vitality');
    expect(s).toContain('treeFields.height');
  });
  it('tells a completed work from a changed one', async () => {
    const { mergeNews, newsText } = await import('./news');
    const work = { ...base, entity: 'action' } as const;
    const done = mergeNews([
      { ...work, field: 'execute_note', new_value: 'felled' },
      { ...work, field: 'execute_timestamp', new_value: at },
    ]);
    expect(done.length).toBe(1);
    expect(newsText(done[0], t).startsWith('dashboard.news.action.completed')).toBe(true);
    const reopened = mergeNews([{ ...work, field: 'execute_timestamp', new_value: null }]);
    expect(newsText(reopened[0], t).startsWith('dashboard.news.action.update')).toBe(true);
  });
  it('lets an inspection stand for the assessment it copies onto its tree', async () => {
    const { mergeNews } = await import('./news');
    const entries = mergeNews([
      { ...base, field: 'damage_tree' },
      { ...base, entity: 'check', op: 'insert', field: null, new_value: null },
    ]);
    expect(entries.map((e) => `${e.entity}.${e.op}`)).toEqual(['check.insert']);
  });
});

describe('safety assessment colours', () => {
  it('gives "not assessed" and "inspection overdue" the map theme’s own colours, never the green of safe', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const safe = classColor('safety', '0', scheme);
      expect(classColor('safety', 'unassessed', scheme)).not.toBe(safe);
      expect(classColor('safety', 'overdue', scheme)).not.toBe(safe);
      expect(classColor('safety', 'unassessed', scheme)).not.toBe(noneColor(scheme));
    }
  });
});
