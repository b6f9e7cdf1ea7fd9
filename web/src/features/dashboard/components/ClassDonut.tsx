import { useMemo } from 'react';
import { Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from './Chart';
import { SegmentLegend, type Segment } from './SegmentLegend';
import { segmentTooltip } from './segmentTooltip';
import '../dashboard.css';

/**
 * Objects by class as a donut with its legend (safety, vitality, damage, development, progress).
 * Clicking a segment, on the ring or in the legend, calls onOpen with its key.
 */
export function ClassDonut({
  segments,
  label,
  onOpen,
  testId,
  height = 180,
}: {
  segments: Segment[];
  label: string;
  onOpen?: (key: string) => void;
  testId?: string;
  height?: number;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const total = segments.reduce((s, x) => s + x.value, 0);
  const option = useMemo<ChartOption>(() => {
    const byKey = new Map(segments.map((s) => [s.key, s]));
    return {
      tooltip: segmentTooltip(t, lang, segments, (item) => byKey.get(item.name)),
      series: [
        {
          type: 'pie',
          radius: ['55%', '85%'],
          center: ['50%', '50%'],
          padAngle: segments.filter((s) => s.value > 0).length > 1 ? 1.5 : 0,
          itemStyle: { borderRadius: 3 },
          label: { show: false },
          emphasis: { scale: true, scaleSize: 4 },
          // Keys in order 0, 1, 2 … clockwise from the top; empty classes take no room.
          data: segments
            .filter((s) => s.value > 0)
            .map((s) => ({ name: s.key, value: s.value, itemStyle: { color: s.color } })),
        },
      ],
    };
  }, [segments, t, lang]);
  return (
    <Stack gap="sm" data-testid={testId} data-total={total}>
      {total === 0 ? (
        <Center h={height}>
          <Text size="sm" c="dimmed">
            {t('dashboard.noValues')}
          </Text>
        </Center>
      ) : (
        <Chart
          option={option}
          height={height}
          label={label}
          onClick={onOpen ? (c) => onOpen(c.name) : undefined}
          testId={testId ? `${testId}-chart` : undefined}
        />
      )}
      <SegmentLegend segments={segments} onOpen={onOpen} />
    </Stack>
  );
}
