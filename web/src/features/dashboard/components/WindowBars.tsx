import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { Chart, type ChartOption } from './Chart';
import { SegmentLegend, type Segment } from './SegmentLegend';
import { segmentTooltip } from './segmentTooltip';
import '../dashboard.css';

/**
 * Counts by time window (inspections overdue / due / within 3 months …, works overdue / within 2
 * weeks …) as horizontal bars, most urgent on top, with the same clickable legend as the donuts.
 */
export function WindowBars({
  segments,
  label,
  onOpen,
  testId,
}: {
  segments: Segment[];
  label: string;
  onOpen?: (key: string) => void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const total = segments.reduce((s, x) => s + x.value, 0);
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 4, right: 40, top: 4, bottom: 4, containLabel: true },
      tooltip: segmentTooltip(t, lang, segments, (item) => segments[item.dataIndex]),
      xAxis: {
        type: 'value',
        minInterval: 1,
        splitNumber: 3,
        axisLabel: { formatter: (v: number) => formatNumber(v, lang) },
      },
      yAxis: { type: 'category', inverse: true, data: segments.map((s) => s.label), axisTick: { show: false } },
      series: [
        {
          type: 'bar',
          barMaxWidth: 16,
          label: { show: true, position: 'right', formatter: (p) => formatNumber(Number(p.value), lang) },
          data: segments.map((s) => ({ value: s.value, itemStyle: { color: s.color, borderRadius: [0, 4, 4, 0] } })),
        },
      ],
    }),
    [segments, t, lang],
  );
  return (
    <Stack gap="sm" data-testid={testId} data-total={total}>
      <Chart
        option={option}
        height={Math.max(120, segments.length * 30)}
        label={label}
        onClick={onOpen ? (c) => onOpen(segments[c.dataIndex]?.key ?? '') : undefined}
        testId={testId ? `${testId}-chart` : undefined}
      />
      <SegmentLegend segments={segments} onOpen={onOpen} cols={{ base: 1, xs: 2 }} />
    </Stack>
  );
}
