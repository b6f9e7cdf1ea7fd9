import type { ReactNode } from 'react';
import { Card, Title } from '@mantine/core';

/** A card of the job page: its title, then what it holds; other data-* attributes go to the card. */
export function JobCard({
  title,
  titleGap = 'sm',
  testId,
  children,
  ...data
}: {
  title: ReactNode;
  titleGap?: 'sm' | 'md';
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card padding="lg" data-testid={testId} {...data}>
      <Title order={3} fz="md" mb={titleGap}>
        {title}
      </Title>
      {children}
    </Card>
  );
}
