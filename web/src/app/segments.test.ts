import { describe, expect, it } from 'vitest';
import { segmentFilter } from '@/features/dashboard/filters';
import { pinnedSegments } from '@/features/dashboard/pinnedSegments';
import { filterKey, toFilter, toPanel, type Filter as DataFilter } from '@/features/data/filter';

// The dashboard links into the data view: a check across the two features, so it lives where
// the app composes them.
describe('dashboard segment → data view', () => {
  it('opens in the data view exactly the filter it sends: the panel keeps every condition', () => {
    // The panel sends its quick controls first; the order of ANDed conditions means nothing.
    const set = (g: { conditions?: unknown[] }) => (g.conditions ?? []).map((c) => filterKey(c as object)).sort();
    const pinned = pinnedSegments();
    for (const { card, key } of pinned) {
      const f = segmentFilter(card, key);
      expect(set(toFilter(toPanel(f as DataFilter))), `${card}/${key}`).toEqual(set(f));
    }
    expect(pinned).toHaveLength(36);
  });
});
