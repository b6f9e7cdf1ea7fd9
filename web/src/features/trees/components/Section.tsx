import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';

/** A titled part of a tab of the info window. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={6} c="dimmed" tt="uppercase" fz={11} lts={0.5}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
