import { describe, expect, it } from 'vitest';
import {
  emptyPanel,
  filterKey,
  isComplete,
  newCondition,
  parseFilterParam,
  rowOfServerPart,
  suggestsValues,
  toFilter,
  toPanel,
  isOffered,
  type Filter,
} from './filter';

describe('toFilter', () => {
  it('sends nothing for an empty panel: the stock', () => {
    expect(toFilter(emptyPanel())).toEqual({});
  });

  it('turns the quick controls into conditions on their fields, before the attribute rows', () => {
    const p = emptyPanel();
    p.state = 'archived';
    p.q = '  Tilia ';
    p.deadlineClasses = [2, 0];
    p.checkClasses = [1];
    p.safetyRelevant = true;
    p.job = { mode: 'none', ids: [] };
    p.conditions = [{ field: 'vitality', op: 'in', value: [3, 4] }];
    expect(toFilter(p)).toEqual({
      state: 'archived',
      q: 'Tilia',
      conditions: [
        { field: 'deadline_class', op: 'in', value: [0, 2] },
        { field: 'check_class', op: 'in', value: [1] },
        { field: 'security_relevance', op: 'eq', value: true },
        { field: 'job', op: 'empty' },
        { field: 'vitality', op: 'in', value: [3, 4] },
      ],
    });
  });

  it('leaves out attribute rows that are not complete', () => {
    const p = emptyPanel();
    p.conditions = [
      { field: 'height', op: 'gt', value: null },
      { field: 'height', op: 'between', value: [2] },
      { field: 'general01', op: 'contains', value: '  ' },
      { field: 'height', op: 'gte', value: 12 },
      { field: 'check_next', op: 'empty' },
    ];
    expect(toFilter(p).conditions).toEqual([
      { field: 'height', op: 'gte', value: 12 },
      { field: 'check_next', op: 'empty' },
    ]);
  });

  it('sends a condition on an unknown field as it is, for the server to name', () => {
    const p = toPanel({ conditions: [{ field: 'nope', op: 'eq', value: 1 }] });
    expect(toFilter(p).conditions).toEqual([{ field: 'nope', op: 'eq', value: 1 }]);
    expect(rowOfServerPart(p, 'conditions.0')).toEqual({ row: 0 });
  });

  it('sends job membership of chosen jobs as a list', () => {
    const p = emptyPanel();
    p.job = { mode: 'these', ids: ['j1', 'j2'] };
    expect(toFilter(p).conditions).toEqual([{ field: 'job', op: 'in', value: ['j1', 'j2'] }]);
    p.job = { mode: 'these', ids: [] };
    expect(toFilter(p).conditions).toBeUndefined();
  });
});

describe('toPanel', () => {
  it('reads back what toFilter wrote', () => {
    const f: Filter = {
      state: 'felled',
      q: 'oak',
      conditions: [
        { field: 'check_class', op: 'in', value: [0, 1] },
        { field: 'job', op: 'not_empty' },
        { field: 'security_relevance', op: 'eq', value: false },
        { field: 'general03', op: 'eq', value: 'Nord' },
      ],
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
    };
    const p = toPanel(f);
    expect(p.checkClasses).toEqual([0, 1]);
    expect(p.job.mode).toBe('some');
    expect(p.safetyRelevant).toBe(false);
    expect(p.conditions).toEqual([{ field: 'general03', op: 'eq', value: 'Nord' }]);
    expect(filterKey(toFilter(p))).toBe(
      filterKey({ ...f, conditions: [f.conditions![0], f.conditions![2], f.conditions![1], f.conditions![3]] }),
    );
  });

  it('reads "equals" on a coded field as "one of" and keeps it (a dashboard link once lost it)', () => {
    const p = toPanel({ conditions: [{ field: 'action_security', op: 'eq', value: 3 }] });
    expect(p.conditions).toEqual([{ field: 'action_security', op: 'in', value: [3] }]);
    expect(toFilter(p).conditions).toEqual([{ field: 'action_security', op: 'in', value: [3] }]);
    expect(toFilter(toPanel({ conditions: [{ field: 'vitality', op: 'ne', value: 4 }] })).conditions).toEqual([
      { field: 'vitality', op: 'not_in', value: [4] },
    ]);
    expect(toPanel({ conditions: [{ field: 'check_class', op: 'eq', value: 4 }] }).checkClasses).toEqual([4]);
  });

  it('never drops a condition it cannot edit: it stays a row and is sent as it came', () => {
    const odd = { field: 'action_security', op: 'gte' as const, value: 2 };
    const p = toPanel({ conditions: [odd] });
    expect(p.conditions).toEqual([odd]);
    expect(isOffered(odd)).toBe(false);
    expect(toFilter(p).conditions).toEqual([odd]);
    // A class list the chips cannot show whole stays a row too.
    const mixed = { field: 'check_class', op: 'in' as const, value: [0, 'x'] };
    const q = toPanel({ conditions: [mixed] });
    expect(q.checkClasses).toEqual([]);
    expect(toFilter(q).conditions).toEqual([mixed]);
  });

  it('keeps a second condition on a quick field as an attribute row', () => {
    const p = toPanel({
      conditions: [
        { field: 'deadline_class', op: 'in', value: [0] },
        { field: 'deadline_class', op: 'not_in', value: [5] },
      ],
    });
    expect(p.deadlineClasses).toEqual([0]);
    expect(p.conditions).toEqual([{ field: 'deadline_class', op: 'not_in', value: [5] }]);
  });
});

describe('conditions', () => {
  it('start with their kind’s first operator and an empty value', () => {
    expect(newCondition('vitality')).toEqual({ field: 'vitality', op: 'in', value: [] });
    expect(newCondition('general11')).toEqual({ field: 'general11', op: 'contains', value: null });
    expect(newCondition('single_tree')).toEqual({ field: 'single_tree', op: 'eq', value: true });
  });

  it('are complete only with a value of their kind', () => {
    expect(isComplete({ field: 'height', op: 'gt', value: '3' })).toBe(false);
    expect(isComplete({ field: 'height', op: 'gt', value: 3 })).toBe(true);
    expect(isComplete({ field: 'height', op: 'contains', value: 'x' })).toBe(false);
    expect(isComplete({ field: 'nope', op: 'eq', value: 1 })).toBe(false);
    expect(isComplete({ field: 'check_next', op: 'between', value: ['2026-01-01', '2026-12-31'] })).toBe(true);
  });
});

describe('rowOfServerPart', () => {
  it('maps conditions.N of the sent filter back to the panel row', () => {
    const p = emptyPanel();
    p.deadlineClasses = [0];
    p.conditions = [
      { field: 'height', op: 'gt', value: null }, // incomplete: not sent
      { field: 'height', op: 'gt', value: 3 },
      { field: 'vitality', op: 'in', value: [1] },
    ];
    expect(rowOfServerPart(p, 'conditions.0')).toEqual({ control: 'deadline_class' });
    expect(rowOfServerPart(p, 'conditions.1')).toEqual({ row: 1 });
    expect(rowOfServerPart(p, 'conditions.2')).toEqual({ row: 2 });
    expect(rowOfServerPart(p, 'geometry')).toEqual({ control: 'geometry' });
  });
});

describe('parseFilterParam', () => {
  it('reads a saved filter id or filter JSON, nothing else', () => {
    expect(parseFilterParam('0F8FAD5B-D9CB-469F-A165-70867728950E')).toEqual({
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    });
    expect(parseFilterParam('{"state":"felled"}')).toEqual({ filter: { state: 'felled' } });
    expect(parseFilterParam('[1]')).toBeNull();
    expect(parseFilterParam('{bad')).toBeNull();
    expect(parseFilterParam(null)).toBeNull();
  });
});

describe('suggestsValues', () => {
  it('suggests the values of lists and picker texts, not of tags and comments each object has its own of', () => {
    for (const f of ['species', 'symptoms', 'top_form', 'general01', 'general32'])
      expect(suggestsValues(f), f).toBe(true);
    for (const f of ['number_text', 'check_comment', 'height', 'vitality', 'check_next', 'job', 'nope'])
      expect(suggestsValues(f), f).toBe(false);
  });
});
