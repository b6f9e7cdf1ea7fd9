import type { ReactNode } from 'react';
import { Card, EmptyState, Skeleton, Stack } from '@mantine/core';
import type { Icon as IconType } from '@tabler/icons-react';

/** Grey rows where a list will be, while it loads. */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Card padding="xl" data-testid="loading">
      <Stack gap="sm">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} h={36} />
        ))}
      </Stack>
    </Card>
  );
}

/** A list with nothing in it yet: what it will hold, and the way to start it. Every empty state
 *  draws its icon alike. */
export function EmptyCard({
  icon: Icon,
  title,
  text,
  children,
  color = 'arbor',
  testId = 'empty-state',
}: {
  icon: IconType;
  title: string;
  text: string;
  children?: ReactNode;
  color?: string;
  testId?: string;
}) {
  return (
    <Card padding="xl" py={64} data-testid={testId}>
      <EmptyState
        variant="light"
        color={color}
        size="lg"
        icon={<Icon size={30} stroke={1.6} />}
        title={title}
        description={text}
        maw={520}
        mx="auto"
      >
        {children}
      </EmptyState>
    </Card>
  );
}
