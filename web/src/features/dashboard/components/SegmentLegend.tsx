import { Box, Group, SimpleGrid, Text, UnstyledButton, type SimpleGridProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '@/lib/format';

export interface Segment {
  key: string;
  label: string;
  value: number;
  color: string;
}

/**
 * The segments of a card as a list: colour, name, count and share. Each opens the data view
 * when the card is clickable, so every segment is reachable by keyboard, not only on the canvas.
 */
export function SegmentLegend({
  segments,
  onOpen,
  cols = 1,
  testId,
}: {
  segments: Segment[];
  onOpen?: (key: string) => void;
  cols?: SimpleGridProps['cols'];
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const total = segments.reduce((s, x) => s + x.value, 0);
  return (
    <SimpleGrid cols={cols} spacing={4} verticalSpacing={2} data-testid={testId}>
      {segments.map((s) => {
        const row = (
          <Group gap={8} wrap="nowrap" px={6} py={3} style={{ borderRadius: 6 }}>
            <Box w={10} h={10} style={{ borderRadius: 3, background: s.color, flex: 'none' }} />
            <Text size="sm" style={{ flex: 1 }} lineClamp={2}>
              {s.label}
            </Text>
            <Text size="sm" fw={600} data-testid="segment-value">
              {formatNumber(s.value, i18n.language)}
            </Text>
            <Text size="xs" c="dimmed" w={48} ta="right">
              {formatPercent(s.value, total, i18n.language)}
            </Text>
          </Group>
        );
        return onOpen ? (
          <UnstyledButton
            key={s.key}
            className="arbor-segment"
            onClick={() => onOpen(s.key)}
            title={t('dashboard.openSegment', { label: s.label })}
            data-testid="segment"
            data-key={s.key}
            data-value={s.value}
          >
            {row}
          </UnstyledButton>
        ) : (
          <div key={s.key} data-testid="segment" data-key={s.key} data-value={s.value}>
            {row}
          </div>
        );
      })}
    </SimpleGrid>
  );
}
