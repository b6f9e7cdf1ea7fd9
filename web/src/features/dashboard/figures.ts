import type { TFunction } from 'i18next';
import { IconAlertTriangle, IconStethoscope, IconTool, type IconTrees } from '@tabler/icons-react';

/** One figure atop a dashboard (trees, open works …); it opens a view when it has onOpen. */
export interface Figure {
  label: string;
  value: number;
  hint?: string;
  icon: typeof IconTrees;
  color?: string;
  onOpen?: () => void;
  testId: string;
}

/** The open works: red, with a warning sign, while any of them is overdue. */
export const worksFigure = (t: TFunction, open: number, overdue: number): Figure => ({
  label: t('dashboard.figures.works'),
  value: open,
  hint: t('dashboard.figures.overdueHint', { count: overdue }),
  icon: overdue > 0 ? IconAlertTriangle : IconTool,
  color: overdue > 0 ? 'red' : 'arbor',
  testId: 'figure-works',
});

/** The inspections due or overdue. */
export const openChecksFigure = (t: TFunction, open: number): Figure => ({
  label: t('dashboard.figures.openChecks'),
  value: open,
  hint: t('dashboard.figures.openChecksHint'),
  icon: IconStethoscope,
  testId: 'figure-checks',
});

/** A plain figure: its label is dashboard.figures.<key>, its test id figure-<key>. */
export const figureOf =
  (t: TFunction) =>
  (key: string, value: number, icon: Figure['icon']): Figure => ({
    label: t(`dashboard.figures.${key}`),
    value,
    icon,
    testId: `figure-${key}`,
  });
