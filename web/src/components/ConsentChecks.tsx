import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Checkbox } from '@mantine/core';

/** One checkbox for each legal document still to be accepted (the documents page, a booking). */
export function ConsentChecks<K extends string>({
  kinds,
  ticked,
  onTick,
  label,
  testId,
}: {
  kinds: K[];
  ticked: Partial<Record<K, boolean>>;
  onTick: Dispatch<SetStateAction<Partial<Record<K, boolean>>>>;
  label: (kind: K) => ReactNode;
  testId: (kind: K) => string;
}) {
  return kinds.map((k) => (
    <Checkbox
      key={k}
      checked={!!ticked[k]}
      onChange={(e) => {
        // Read now: the event's target is gone when React runs the update later.
        const on = e.currentTarget.checked;
        onTick((t) => ({ ...t, [k]: on }));
      }}
      label={label(k)}
      data-testid={testId(k)}
    />
  ));
}
