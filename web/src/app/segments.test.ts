import { describe, expect, it } from 'vitest';
import { segmentFilter, type Card, type Condition } from '@/features/dashboard/filters';
import segmentFixture from '@/features/dashboard/segment-filters.json';
import { filterKey, toFilter, toPanel, type Filter as DataFilter } from '@/features/data/filter';

// The dashboard links into the data view: a check across the two features, so it lives where
// the app composes them.
describe('dashboard segment → data view', () => {
  const pinned = segmentFixture as unknown as Record<string, Record<string, Condition[]>>;
  it('opens in the data view exactly the filter it sends: the panel keeps every condition', () => {
    let n = 0;
    for (const [card, segments] of Object.entries(pinned)) {
      if (card === '_') continue;
      for (const key of Object.keys(segments)) {
        const f = segmentFilter(card as Card, key);
        // The panel sends its quick controls first; the order of ANDed conditions means nothing.
        const set = (g: { conditions?: unknown[] }) => (g.conditions ?? []).map((c) => filterKey(c as object)).sort();
        expect(set(toFilter(toPanel(f as DataFilter))), `${card}/${key}`).toEqual(set(f));
        n++;
      }
    }
    expect(n).toBe(36);
  });
});
