import type { TFunction } from 'i18next';
import type { TooltipComponentOption } from 'echarts/components';
import { formatNumber, formatPercent } from '@/lib/format';
import type { Segment } from './SegmentLegend';

/**
 * The tooltip of a chart's segment: its label, count and share of the total. `find` names the
 * segment an item stands for (a donut knows it by key, a bar by its place).
 */
export function segmentTooltip(
  t: TFunction,
  lang: string,
  segments: Segment[],
  find: (item: { name: string; dataIndex: number }) => Segment | undefined,
): TooltipComponentOption {
  const total = segments.reduce((s, x) => s + x.value, 0);
  return {
    trigger: 'item',
    formatter: (p) => {
      const one = Array.isArray(p) ? p[0] : p;
      const s = find({ name: String(one.name), dataIndex: one.dataIndex });
      return s
        ? t('dashboard.segmentHint', {
            label: s.label,
            value: formatNumber(s.value, lang),
            share: formatPercent(s.value, total, lang),
          })
        : '';
    },
  };
}
