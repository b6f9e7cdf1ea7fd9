import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { ContentListEntry } from '@/api/trees/types';
import { customValues, enumLabel, enumOptions, speciesLabel, symptomOptions, workOptions } from './options';

const t = ((key: string) => `[${key}]`) as unknown as TFunction;
const entry = (over: Partial<ContentListEntry>): ContentListEntry => ({
  id: 'x',
  name: '',
  botanical: '',
  protection: false,
  category: '',
  security_relevance: false,
  action_security: 0,
  symptom_type: '',
  note: '',
  parent: null,
  global: true,
  ...over,
});

describe('form options', () => {
  it('labels enumerations from the shared keys and valuations from their own scale', () => {
    expect(enumLabel(t, 'vitality', 2)).toBe('[enums.vitality.2]');
    expect(enumLabel(t, 'valuation_root', 1)).toBe('[trees.valuation.1]');
    expect(enumLabel(t, 'vitality', null)).toBe('');
    expect(enumOptions(t, 'vitality').map((o) => o.value)).toEqual(['0', '1', '2', '3', '4']);
    expect(enumOptions(t, 'security_expectation')).toHaveLength(2);
  });

  it('names a species botanically with its common name when there is one', () => {
    expect(speciesLabel({ botanical: 'Tilia cordata', name: 'Winter-Linde' })).toBe('Tilia cordata – Winter-Linde');
    expect(speciesLabel({ botanical: 'Tilia cordata', name: 'Tilia cordata' })).toBe('Tilia cordata');
    expect(speciesLabel({ botanical: '', name: 'Own species' })).toBe('Own species');
  });

  it('groups symptoms by part of the tree and keeps recorded values not in the list', () => {
    const list = [
      entry({ name: 'Cavity', symptom_type: 'trunk' }),
      entry({ name: 'Crack', symptom_type: 'trunk' }),
      entry({ name: 'Deadwood', symptom_type: 'crown' }),
    ];
    expect(symptomOptions(t, list, ['Crack', 'Old note'])).toEqual([
      { group: '[lists.symptomTypes.trunk]', items: ['Cavity', 'Crack'] },
      { group: '[lists.symptomTypes.crown]', items: ['Deadwood'] },
      { group: '[trees.symptomRecorded]', items: ['Old note'] },
    ]);
  });

  it('sorts list custom fields as configured and keeps a value no longer in the list', () => {
    const f = {
      alias: '',
      active: true,
      type: 'list' as const,
      default_value: '',
      sort: 'alpha' as const,
      values: ['b', 'a'],
    };
    expect(customValues(f)).toEqual(['a', 'b']);
    expect(customValues({ ...f, sort: 'manual' })).toEqual(['b', 'a']);
    expect(customValues(f, 'gone')).toEqual(['a', 'b', 'gone']);
  });

  it('groups works by category', () => {
    const groups = workOptions(t, [
      entry({ id: '2', name: 'Felling', category: 'felling' }),
      entry({ id: '1', name: 'Crown thinning', category: 'pruning' }),
      entry({ id: '3', name: 'Deadwood removal', category: 'pruning' }),
    ]);
    expect(groups).toEqual([
      { group: '[lists.categories.felling]', items: [{ value: '2', label: 'Felling' }] },
      {
        group: '[lists.categories.pruning]',
        items: [
          { value: '1', label: 'Crown thinning' },
          { value: '3', label: 'Deadwood removal' },
        ],
      },
    ]);
  });
});
