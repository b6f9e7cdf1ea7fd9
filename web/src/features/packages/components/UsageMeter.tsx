import type { ReactNode } from 'react';
import { Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';

/** One package's use: a title, "used of size", a bar that turns orange at 90 % and red when full. */
export function UsageMeter({
  icon,
  title,
  detail,
  percent,
  testId,
}: {
  icon: ReactNode;
  title: ReactNode;
  detail: ReactNode;
  percent: number;
  testId: string;
}) {
  const pct = Math.min(100, percent);
  const color = pct >= 100 ? 'red' : pct >= 90 ? 'orange' : 'arbor';
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId} data-percent={percent}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={color} radius="md" size={38}>
            {icon}
          </ThemeIcon>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} size="sm">
              {title}
            </Text>
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          </Stack>
          <Text fw={700} size="lg" c={pct >= 90 ? color : undefined}>
            {Math.round(percent)} %
          </Text>
        </Group>
        <Progress
          value={Math.max(pct, percent > 0 ? 0.5 : 0)}
          color={color}
          size="md"
          radius="xl"
          aria-label={String(title)}
        />
      </Stack>
    </Paper>
  );
}
