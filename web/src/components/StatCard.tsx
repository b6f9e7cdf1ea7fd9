import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { IconTrees } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

const SIZES = {
  md: { padding: 'md', gap: 2, fz: 24, icon: 36, glyph: 20 },
  lg: { padding: 'lg', gap: 4, fz: 28, icon: 40, glyph: 22 },
} as const;

/** A count on a card: its label above, the number below, the icon beside (home page, project page). */
export function StatCard({
  label,
  icon: Icon,
  value = 0,
  size = 'md',
  testId,
}: {
  label: string;
  icon: typeof IconTrees;
  value?: number;
  size?: keyof typeof SIZES;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const s = SIZES[size];
  return (
    <Card padding={s.padding} className="arbor-stat" h="100%" data-testid={testId} data-value={value}>
      {/* The figure keeps to the card's foot, so figures line up when a label takes two lines. */}
      <Group justify="space-between" align="flex-start" wrap="nowrap" h="100%">
        <Stack gap={s.gap} justify="space-between" h="100%">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {label}
          </Text>
          <Text fz={s.fz} fw={700} lh={1.1}>
            {formatNumber(value, i18n.language)}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color="arbor" size={s.icon} radius="md">
          <Icon size={s.glyph} stroke={1.7} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
