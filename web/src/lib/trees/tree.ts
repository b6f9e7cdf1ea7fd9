/** Pure helpers of the tree info window: permissions, classes, numbers, form values, history. */
import type { Tree, TreeCustomField } from '@/api/trees/types';

export interface TreePermissions {
  /** Change tree data (General): editors and managers. */
  edit: boolean;
  /** Record inspections. */
  inspect: boolean;
  /** Archive and activate. */
  archive: boolean;
  /** Fell and undo felling. */
  fell: boolean;
  /** Add, change, complete and delete works. */
  works: boolean;
}

/** What a project role may do (auth/permissions.go); a cancelled organisation is read-only. */
export function treePermissions(role: string | null | undefined, terminated: boolean): TreePermissions {
  const live = !terminated;
  const data = live && (role === 'manager' || role === 'editor');
  const care = live && (data || role === 'care');
  return { edit: data, inspect: data, archive: data, fell: care, works: care };
}

export const SAFETY_COLORS = ['green', 'yellow', 'orange', 'red'] as const;
/** Inspection classes: overdue, due, up to 3 months, later (docs/PRODUCT.md §4). */
export const CHECK_CLASS_COLORS = ['red', 'orange', 'yellow', 'green'] as const;
/** Deadline classes: overdue, 2 weeks, 3 months, 6 months, later, none. */
export const DEADLINE_CLASS_COLORS = ['red', 'orange', 'yellow', 'lime', 'green', 'gray'] as const;

const DAY = 86_400_000;

function dayNumber(date: string | Date): number {
  if (typeof date === 'string') {
    const [y, m, d] = date.slice(0, 10).split('-').map(Number);
    return Date.UTC(y, m - 1, d) / DAY;
  }
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY;
}

function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getFullYear(), date.getMonth() + months, date.getDate());
  return d;
}

/**
 * The inspection class of a next-inspection date (docs/PRODUCT.md §4), as the server computes it:
 * 0 overdue (more than 6 weeks past), 1 due (±6 weeks), 2 up to 3 months ahead, 3 later.
 */
export function checkClassOf(next: string | null | undefined, today: Date = new Date()): number | null {
  if (!next) return null;
  const n = dayNumber(next);
  const t = dayNumber(today);
  if (n < t - 42) return 0;
  if (n <= t + 42) return 1;
  if (n <= dayNumber(addMonths(today, 3))) return 2;
  return 3;
}

/** The tree's number as people read it: the tag where the project shows tags, else "No. n". */
export function treeLabel(
  tree: Pick<Tree, 'number' | 'number_text'>,
  showNumberText: boolean,
  noLabel: string,
): string {
  if (showNumberText && tree.number_text) return tree.number_text;
  return `${noLabel} ${tree.number}`;
}

/** The tree's stock state (docs/PRODUCT.md §4): felled and archived before stock. */
export function stockState(tree: Pick<Tree, 'cut' | 'archive'>): 'felled' | 'archived' | 'stock' {
  if (tree.cut) return 'felled';
  if (tree.archive) return 'archived';
  return 'stock';
}

/** The fields the General form edits, in the shape the form keeps them. */
export const NUMBER_FIELDS = [
  'planting_year',
  'height',
  'diameter',
  'scope',
  'top_diameter',
  'tree_count',
  'species_count',
] as const;
export const ENUM_FIELDS = [
  'vitality',
  'development',
  'damage_tree',
  'security_expectation',
  'valuation_root',
  'valuation_trunk',
  'valuation_top',
  'valuation_group',
] as const;
/** docs/PRODUCT.md §3 enumerations, by tree field: the values 0…n-1. */
export const ENUM_SIZES: Record<string, number> = {
  vitality: 5,
  development: 4,
  damage_tree: 4,
  security_expectation: 2,
  valuation_root: 4,
  valuation_trunk: 4,
  valuation_top: 4,
  valuation_group: 4,
};
/** The custom fields a tree holds: all but the work ones (general41, general42), which its works hold. */
export const TREE_CUSTOM_FIELDS: TreeCustomField[] = [
  'general01',
  'general02',
  'general03',
  'general04',
  'general05',
  'general06',
  'general07',
  'general08',
  'general09',
  'general11',
  'general12',
  'general13',
  'general21',
  'general22',
  'general23',
  'general31',
  'general32',
];

export type FormNumber = number | '';
export interface TreeFormValues {
  number: FormNumber;
  number_text: string;
  species: string | null;
  top_form: string;
  symptoms: string[];
  numbers: Record<(typeof NUMBER_FIELDS)[number], FormNumber>;
  /** Enumerations as Select values: "0", "1", … or null. */
  enums: Record<(typeof ENUM_FIELDS)[number], string | null>;
  custom: Record<TreeCustomField, string>;
}

export function formValuesOf(t: Tree): TreeFormValues {
  const numbers = {} as TreeFormValues['numbers'];
  for (const f of NUMBER_FIELDS) numbers[f] = t[f] ?? '';
  const enums = {} as TreeFormValues['enums'];
  for (const f of ENUM_FIELDS) enums[f] = t[f] === null || t[f] === undefined ? null : String(t[f]);
  const custom = {} as TreeFormValues['custom'];
  for (const f of TREE_CUSTOM_FIELDS) custom[f] = t[f] ?? '';
  return {
    number: t.number,
    number_text: t.number_text ?? '',
    species: t.species ?? null,
    top_form: t.top_form ?? '',
    symptoms: [...(t.symptoms ?? [])],
    numbers,
    enums,
    custom,
  };
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The PUT body for what changed between `from` and `to`: only changed fields, empty as null. */
export function changedFields(from: TreeFormValues, to: TreeFormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (to.number !== from.number) out.number = to.number === '' ? null : to.number;
  if (to.number_text.trim() !== from.number_text) out.number_text = to.number_text.trim();
  if (to.species !== from.species) out.species = to.species;
  if (to.top_form.trim() !== from.top_form) out.top_form = to.top_form.trim();
  if (!sameList(to.symptoms, from.symptoms)) out.symptoms = to.symptoms;
  for (const f of NUMBER_FIELDS) {
    if (to.numbers[f] !== from.numbers[f]) out[f] = to.numbers[f] === '' ? null : to.numbers[f];
  }
  for (const f of ENUM_FIELDS) {
    if (to.enums[f] !== from.enums[f]) out[f] = to.enums[f] === null ? null : Number(to.enums[f]);
  }
  for (const f of TREE_CUSTOM_FIELDS) {
    if (to.custom[f].trim() !== from.custom[f]) out[f] = to.custom[f].trim();
  }
  return out;
}

/** The next free number a duplicate-number conflict (409) offers, if it is one. */
export function offeredNumber(current: unknown): number | null {
  const next = (current as { next?: unknown } | null | undefined)?.next;
  return typeof next === 'number' && Number.isInteger(next) ? next : null;
}

/** History fields that only say who and when (shown on every entry anyway) or mirror others. */
const HISTORY_HIDDEN = new Set([
  'username',
  'alias',
  'timestamp',
  'execute_username',
  'execute_alias',
  'code_action_security',
  'deadline_class',
]);

export const historyFieldVisible = (field: string | null) => !field || !HISTORY_HIDDEN.has(field);

/** Database columns as the fields people know (species_id → species, work_id → work). */
export function historyFieldName(field: string): string {
  if (field === 'species_id') return 'species';
  if (field === 'work_id') return 'work';
  return field;
}

/** How a field's value is shown: an enumeration, a yes/no, a date, a list or plain text. */
export type HistoryValueKind =
  'enum' | 'safety' | 'bool' | 'date' | 'datetime' | 'list' | 'species' | 'work' | 'geom' | 'text';

export function historyValueKind(field: string): HistoryValueKind {
  const name = historyFieldName(field);
  if (name in ENUM_SIZES) return 'enum';
  if (name === 'action_security') return 'safety';
  if (['archive', 'cut', 'single_tree', 'security_relevance'].includes(name)) return 'bool';
  if (['cut_date', 'deadline', 'check_next'].includes(name)) return 'date';
  if (['execute_timestamp'].includes(name)) return 'datetime';
  if (name === 'symptoms') return 'list';
  if (name === 'species') return 'species';
  if (name === 'work') return 'work';
  if (name === 'geom') return 'geom';
  return 'text';
}

/** Whether a history value holds nothing to show. */
export function emptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** Rounds sizes as docs/PRODUCT.md §9 says: at most one fractional digit. */
export function formatDecimal(v: number | null | undefined, lang: string): string {
  if (v === null || v === undefined) return '';
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(v);
}
