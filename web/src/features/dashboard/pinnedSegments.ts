import type { Card, Condition } from './filters';
import segmentFixture from './segment-filters.json';

/**
 * For the tests: every segment of every dashboard card with the conditions segment-filters.json
 * pins for it (the Go test counts those).
 */
export const pinnedSegments = (): { card: Card; key: string; conditions: Condition[] }[] =>
  Object.entries(segmentFixture as unknown as Record<string, Record<string, Condition[]>>)
    .filter(([card]) => card !== '_')
    .flatMap(([card, segments]) =>
      Object.entries(segments).map(([key, conditions]) => ({ card: card as Card, key, conditions })),
    );
