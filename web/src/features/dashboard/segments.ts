import type { TFunction } from 'i18next';
import { classColor, type Scheme } from './colors';
import { CHECK_KEYS, WORK_KEYS } from './filters';
import type { Segment } from './components/SegmentLegend';
import type { ValueCounts } from './api/types';

/** The classes of the value cards, as the map's themes number them. */
const VALUES = {
  safety: ['0', '1', '2', '3'],
  vitality: ['0', '1', '2', '3', '4'],
  damage: ['0', '1', '2', '3'],
  development: ['0', '1', '2', '3'],
} as const;

export type ValueCard = keyof typeof VALUES;

/**
 * Objects by safety, vitality, damage or development; "none" (unset) last when counted. Safety
 * counted with its assessment (the project dashboard) shows safe split into inspected, inspection
 * overdue and not assessed, right after safe.
 */
export function valueSegments(card: ValueCard, counts: ValueCounts, t: TFunction, scheme: Scheme): Segment[] {
  const keys: string[] = [...VALUES[card]];
  if (card === 'safety' && 'unassessed' in counts) keys.splice(1, 0, 'overdue', 'unassessed');
  if ('none' in counts) keys.push('none');
  return keys.map((key) => ({
    key,
    label: key === 'none' ? t('dashboard.none') : t(`map.classes.${card}.${key}`),
    value: counts[key] ?? 0,
    color: classColor(card, key, scheme),
  }));
}

/**
 * Objects by inspection class or works by deadline class. Counts come keyed by name (project and
 * user dashboards) or by class number (a job's); `only` keeps the first n windows (docs/PRODUCT.md §9:
 * inspections overdue, due, 3 months ahead; works overdue, 2 weeks, 3 months, 6 months).
 */
export function windowSegments(
  kind: 'checks' | 'works',
  counts: object,
  t: TFunction,
  scheme: Scheme,
  only?: number,
): Segment[] {
  const names: readonly string[] = kind === 'checks' ? CHECK_KEYS : WORK_KEYS;
  const theme = kind === 'checks' ? 'inspection' : 'deadline';
  const c = counts as Record<string, number | undefined>;
  return names.slice(0, only ?? names.length).map((key, i) => ({
    key,
    label: t(`dashboard.${kind}.${key}`),
    value: c[key] ?? c[String(i)] ?? 0,
    color: classColor(theme, i, scheme),
  }));
}
