import type { ReactNode } from 'react';
import { Card, Grid } from '@mantine/core';
import { CardHeading } from './CardHeading';

/** A settings block: its title and explanation on the left, the content in a card on the right. */
export function SettingsSection({
  title,
  text,
  children,
  danger,
  testId,
}: {
  title: ReactNode;
  text?: ReactNode;
  children: ReactNode;
  danger?: boolean;
  testId?: string;
}) {
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <CardHeading title={title} text={text} color={danger ? 'red' : undefined} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card
          padding="xl"
          style={danger ? { borderColor: 'var(--mantine-color-red-filled)' } : undefined}
          data-testid={testId}
        >
          {children}
        </Card>
      </Grid.Col>
    </Grid>
  );
}
