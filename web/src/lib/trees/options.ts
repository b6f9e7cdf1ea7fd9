import type { TFunction } from 'i18next';
import type { CustomField } from '@/api/projects/settings';
import type { ContentListEntry } from '@/api/trees/types';
import { ENUM_SIZES } from './tree';

/** The translated label of an enumeration value (docs/PRODUCT.md §3); valuations share one scale. */
export function enumLabel(t: TFunction, field: string, value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.startsWith('valuation_')) return t(`trees.valuation.${value}`);
  return t(`enums.${field}.${value}`);
}

export function enumOptions(t: TFunction, field: string) {
  return Array.from({ length: ENUM_SIZES[field] ?? 0 }, (_, i) => ({
    value: String(i),
    label: enumLabel(t, field, i),
  }));
}

/** A species as people look for it: the botanical name with the common one. */
export function speciesLabel(e: Pick<ContentListEntry, 'name' | 'botanical'>): string {
  if (!e.botanical) return e.name;
  if (!e.name || e.name === e.botanical) return e.botanical;
  return `${e.botanical} – ${e.name}`;
}

export function speciesOptions(list: ContentListEntry[] | undefined) {
  return (list ?? [])
    .map((e) => ({ value: e.id, label: speciesLabel(e) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Symptoms grouped by the part of the tree, plus any recorded value not in the list. */
export function symptomOptions(t: TFunction, list: ContentListEntry[] | undefined, current: string[] = []) {
  const groups = new Map<string, Set<string>>();
  for (const e of list ?? []) {
    const g = e.symptom_type ? t(`lists.symptomTypes.${e.symptom_type}`) : t('trees.symptomOther');
    if (!groups.has(g)) groups.set(g, new Set());
    groups.get(g)!.add(e.name);
  }
  const known = new Set([...groups.values()].flatMap((s) => [...s]));
  const extra = current.filter((s) => !known.has(s));
  const out = [...groups.entries()].map(([group, items]) => ({ group, items: [...items].sort() }));
  if (extra.length) out.push({ group: t('trees.symptomRecorded'), items: extra });
  return out;
}

/** The entries of a list-type custom field in its sort order. */
export function customValues(f: CustomField | undefined, current = ''): string[] {
  const values = [...(f?.values ?? [])];
  if (f?.sort !== 'manual') values.sort((a, b) => a.localeCompare(b));
  if (current && !values.includes(current)) values.push(current);
  return values;
}

/** Works grouped by category for a Select. */
export function workOptions(t: TFunction, list: ContentListEntry[] | undefined) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const e of list ?? []) {
    const g = t(`lists.categories.${e.category || 'other'}`);
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g)!.push({ value: e.id, label: e.name });
  }
  return [...groups.entries()].map(([group, items]) => ({
    group,
    items: items.sort((a, b) => a.label.localeCompare(b.label)),
  }));
}
