import { useEffect, useRef } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, AriaComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption, AriaComponentOption } from 'echarts/components';

echarts.use([PieChart, BarChart, GridComponent, TooltipComponent, AriaComponent, CanvasRenderer]);

/** The options our charts use: pies and bars with a grid and a tooltip. */
export type ChartOption = ComposeOption<
  PieSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | AriaComponentOption
>;

/** What a click on a segment tells: the data item's name (the class key). */
export interface ChartClick {
  name: string;
  dataIndex: number;
  value: unknown;
}

/**
 * The one component that owns an ECharts instance: created on mount (again when the colour
 * scheme changes, since the theme is fixed at creation), given the option whenever it changes,
 * resized with its container, disposed on unmount.
 */
export function Chart({
  option,
  onClick,
  height = 220,
  label,
  testId,
}: {
  option: ChartOption;
  onClick?: (c: ChartClick) => void;
  height?: number;
  /** What the chart shows, for screen readers. */
  label: string;
  testId?: string;
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const scheme = useComputedColorScheme('light');
  const click = useRef(onClick);
  useEffect(() => {
    click.current = onClick;
  }, [onClick]);

  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const c = echarts.init(node, scheme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = c;
    c.on('click', (p) => click.current?.({ name: String(p.name), dataIndex: p.dataIndex, value: p.value }));
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(node);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [scheme]);

  useEffect(() => {
    chart.current?.setOption(
      { backgroundColor: 'transparent', aria: { enabled: true, label: { description: label } }, ...option },
      { notMerge: true },
    );
  }, [option, scheme, label]);

  return (
    <div
      ref={el}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ width: '100%', height, cursor: onClick ? 'pointer' : undefined }}
    />
  );
}
