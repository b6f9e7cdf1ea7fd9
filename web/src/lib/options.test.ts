import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { labelledOptions } from './options';

const t = ((key: string) => `[${key}]`) as unknown as TFunction;

describe('labelledOptions', () => {
  it('names each code by its text under the prefix, numbers as strings', () => {
    expect(labelledOptions(t, 'lists.categories', ['pruning', 'felling'])).toEqual([
      { value: 'pruning', label: '[lists.categories.pruning]' },
      { value: 'felling', label: '[lists.categories.felling]' },
    ]);
    expect(labelledOptions(t, 'lists.actionSecurity', [0, 2])).toEqual([
      { value: '0', label: '[lists.actionSecurity.0]' },
      { value: '2', label: '[lists.actionSecurity.2]' },
    ]);
  });
});
