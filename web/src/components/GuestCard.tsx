import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

export function GuestCard({
  title,
  subtitle,
  children,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper className="arbor-guest-card" p={{ base: 'lg', sm: 32 }} radius="lg">
      <Stack gap="lg">
        {(title || subtitle) && (
          <Stack gap={6}>
            {title && (
              <Title order={2} fz={24} lts={-0.3}>
                {title}
              </Title>
            )}
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
