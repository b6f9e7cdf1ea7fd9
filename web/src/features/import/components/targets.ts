import { TARGET_GROUPS } from '../mapping';

/** The picker's value for a column left out (an empty value would read as nothing chosen). */
export const LEAVE_OUT = '-';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** A target as people read it: a coordinate role, a tree field, a custom field by its alias. */
export function targetLabel(t: T, target: string, custom?: Record<string, { alias?: string }>): string {
  if (target.startsWith('general')) return custom?.[target]?.alias?.trim() || target;
  if (['x', 'y', 'wkt', 'species_common', 'species_count', 'external_id'].includes(target))
    return t(`import.targets.${target}`);
  return t(`treeFields.${target}`);
}

/** The picker's options, grouped: place, tree, assessment, and the project's active custom fields. */
export function targetOptions(t: T, custom?: Record<string, { alias?: string; active?: boolean }>) {
  const groups = TARGET_GROUPS.map(({ group, targets }) => ({
    group: t(`import.groups.${group}`),
    items: targets.map((value) => ({ value, label: targetLabel(t, value, custom) })),
  }));
  const own = Object.entries(custom ?? {})
    .filter(([, f]) => f.active)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([value]) => ({ value, label: targetLabel(t, value, custom) }));
  if (own.length) groups.push({ group: t('import.groups.custom'), items: own });
  return [{ value: LEAVE_OUT, label: t('import.columns.leaveOut') }, ...groups];
}
