import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { IconPlus } from '@tabler/icons-react';

/**
 * A part of a tab with nothing in it: its icon, then what is missing — with `text`, a title and
 * why that is fine; without, one plain line.
 */
export function TabEmpty({
  icon: Icon,
  color = 'gray',
  title,
  text,
  testId,
}: {
  icon: typeof IconPlus;
  color?: string;
  title: string;
  text?: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid={testId}>
      <Stack align="center" gap={6}>
        <ThemeIcon variant="light" size={40} radius="xl" color={color}>
          <Icon size={22} />
        </ThemeIcon>
        {text ? (
          <>
            <Text fw={600} size="sm">
              {title}
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              {text}
            </Text>
          </>
        ) : (
          <Text size="sm">{title}</Text>
        )}
      </Stack>
    </Paper>
  );
}
