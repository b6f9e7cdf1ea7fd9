/**
 * The one filter model of the server (store/filter.go) as the filter panel builds it: a stock
 * state, a text search, attribute conditions, a polygon and a selection of ids, all ANDed.
 * The panel keeps the model itself as its state; the class chips, safety relevance and job
 * membership are conditions on fixed fields, shown by their own controls.
 */
import type { Polygon, MultiPolygon } from 'geojson';
import { TREE_CUSTOM_FIELDS } from '@/lib/trees/tree';

export type StockState = 'stock' | 'felled' | 'archived' | 'all';

export type Operator =
  | 'eq'
  | 'ne'
  | 'in'
  | 'not_in'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'between'
  | 'contains'
  | 'starts_with'
  | 'empty'
  | 'not_empty';

export type ConditionValue = string | number | boolean | (string | number)[] | null | undefined;

export interface Condition {
  field: string;
  op: Operator;
  value?: ConditionValue;
}

export interface Filter {
  state?: StockState;
  q?: string;
  conditions?: Condition[];
  geometry?: Polygon | MultiPolygon | null;
  ids?: string[];
}

/** How the panel asks for a value (the server knows number, text, texts, date, bool, id, job). */
export type FieldKind = 'number' | 'enum' | 'text' | 'texts' | 'date' | 'bool' | 'species' | 'genus' | 'job';

export interface FieldInfo {
  name: string;
  kind: FieldKind;
  /** For enums: the codes, and the i18n prefix of their labels. */
  codes?: number[];
  labels?: string;
  /** The panel's group of fields. */
  group: 'tree' | 'assessment' | 'state' | 'custom';
  /**
   * False for texts nearly every object has its own of (a tag, an inspection comment): the
   * project's most frequent values suggest nothing there, and on a city counting them is a
   * scan of every object (the picker fields are counted by the database as they change).
   */
  suggest?: false;
}

const enumField = (name: string, max: number, labels: string, group: FieldInfo['group'] = 'assessment'): FieldInfo => ({
  name,
  kind: 'enum',
  codes: Array.from({ length: max + 1 }, (_, i) => i),
  labels,
  group,
});

/** Every field a condition may name (store/filter.go filterFields), in the panel's order. */
export const FIELDS: FieldInfo[] = [
  { name: 'number', kind: 'number', group: 'tree' },
  { name: 'number_text', kind: 'text', group: 'tree', suggest: false },
  { name: 'species', kind: 'species', group: 'tree' },
  { name: 'genus', kind: 'genus', group: 'tree' },
  { name: 'planting_year', kind: 'number', group: 'tree' },
  { name: 'height', kind: 'number', group: 'tree' },
  { name: 'diameter', kind: 'number', group: 'tree' },
  { name: 'scope', kind: 'number', group: 'tree' },
  { name: 'top_diameter', kind: 'number', group: 'tree' },
  { name: 'top_form', kind: 'text', group: 'tree' },
  { name: 'single_tree', kind: 'bool', group: 'tree' },
  { name: 'tree_count', kind: 'number', group: 'tree' },
  { name: 'species_count', kind: 'number', group: 'tree' },
  { name: 'area', kind: 'number', group: 'tree' },
  enumField('vitality', 4, 'enums.vitality'),
  enumField('development', 3, 'enums.development'),
  enumField('damage_tree', 3, 'enums.damage_tree'),
  enumField('security_expectation', 1, 'enums.security_expectation'),
  { name: 'symptoms', kind: 'texts', group: 'assessment' },
  enumField('valuation_top', 3, 'data.valuation'),
  enumField('valuation_root', 3, 'data.valuation'),
  enumField('valuation_trunk', 3, 'data.valuation'),
  enumField('valuation_group', 3, 'data.valuation'),
  { name: 'valuation_max', kind: 'number', group: 'assessment' },
  enumField('action_security', 3, 'data.safety', 'state'),
  { name: 'action_count', kind: 'number', group: 'state' },
  { name: 'action_deadline', kind: 'date', group: 'state' },
  enumField('deadline_class', 5, 'data.deadlineClass', 'state'),
  { name: 'check_next', kind: 'date', group: 'state' },
  enumField('check_class', 4, 'data.checkClass', 'state'),
  { name: 'check_timestamp', kind: 'date', group: 'state' },
  { name: 'check_comment', kind: 'text', group: 'state', suggest: false },
  { name: 'security_relevance', kind: 'bool', group: 'state' },
  { name: 'safety_overdue', kind: 'bool', group: 'state' },
  { name: 'felling_late', kind: 'bool', group: 'state' },
  { name: 'job', kind: 'job', group: 'state' },
  { name: 'create_timestamp', kind: 'date', group: 'state' },
  { name: 'object_timestamp', kind: 'date', group: 'state' },
  { name: 'cut_date', kind: 'date', group: 'state' },
  ...TREE_CUSTOM_FIELDS.map((name): FieldInfo => ({ name, kind: 'text', group: 'custom' })),
];

const byName = new Map(FIELDS.map((f) => [f.name, f]));

export function fieldInfo(name: string): FieldInfo | undefined {
  return byName.get(name);
}

/** Whether the panel suggests the project's values of a field (GET /api/content/filter-values). */
export function suggestsValues(name: string): boolean {
  const info = byName.get(name);
  return (
    !!info &&
    (info.kind === 'text' || info.kind === 'texts' || info.kind === 'species' || info.kind === 'genus') &&
    info.suggest !== false
  );
}

/** The operators the server allows per kind, in the order the panel offers them. */
export const OPERATORS: Record<FieldKind, Operator[]> = {
  number: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'between', 'in', 'not_in', 'empty', 'not_empty'],
  enum: ['in', 'not_in', 'empty', 'not_empty'],
  text: ['contains', 'eq', 'ne', 'starts_with', 'in', 'empty', 'not_empty'],
  texts: ['contains', 'empty', 'not_empty'],
  date: ['lt', 'lte', 'gt', 'gte', 'eq', 'between', 'empty', 'not_empty'],
  bool: ['eq'],
  species: ['in', 'not_in', 'eq', 'ne', 'empty', 'not_empty'],
  genus: ['in', 'not_in', 'eq', 'ne'],
  job: ['in', 'eq', 'empty', 'not_empty'],
};

/** Operators that take no value. */
export const noValue = (op: Operator) => op === 'empty' || op === 'not_empty';
/** Operators that take a list. */
export const listValue = (op: Operator) => op === 'in' || op === 'not_in';

/** A fresh condition on a field, with its kind's first operator and an empty value. */
export function newCondition(field: string): Condition {
  const info = fieldInfo(field);
  const op = OPERATORS[info?.kind ?? 'text'][0];
  return { field, op, value: emptyValue(info?.kind ?? 'text', op) };
}

/** The empty value of a kind and operator (what the input starts with). */
export function emptyValue(kind: FieldKind, op: Operator): ConditionValue {
  if (noValue(op)) return undefined;
  if (listValue(op)) return [];
  if (op === 'between') return [];
  if (kind === 'bool') return true;
  return null;
}

/** A condition the panel can send: every value it needs is there, of the right type. */
export function isComplete(c: Condition): boolean {
  const info = fieldInfo(c.field);
  if (!info || !OPERATORS[info.kind].includes(c.op)) return false;
  if (noValue(c.op)) return true;
  const v = c.value;
  if (listValue(c.op)) return Array.isArray(v) && v.length > 0 && v.every((x) => x !== '' && x !== null);
  if (c.op === 'between')
    return Array.isArray(v) && v.length === 2 && v.every((x) => x !== '' && x !== null && x !== undefined);
  if (info.kind === 'bool') return typeof v === 'boolean';
  if (info.kind === 'number' || info.kind === 'enum') return typeof v === 'number' && Number.isFinite(v);
  return typeof v === 'string' && v.trim() !== '';
}

/**
 * Whether the panel offers a condition's operator for its field. One it does not (from a link,
 * an older saved filter, another client) is still shown, sent and removable, never dropped.
 */
export function isOffered(c: Condition): boolean {
  const info = fieldInfo(c.field);
  return !!info && OPERATORS[info.kind].includes(c.op);
}

/**
 * A row the panel sends: complete ones, and ones the panel cannot edit — on a field it does not
 * know or with an operator it does not offer (from a link or an older saved filter) — so that
 * they still filter and the server names what is wrong with them.
 */
export const isSent = (c: Condition) => !isOffered(c) || isComplete(c);

/**
 * A condition in the form the panel edits: "equals 3" on a coded field is "one of [3]", "not
 * equal" is "none of". A dashboard link or an API client may send either form.
 */
export function normalized(c: Condition): Condition {
  const info = fieldInfo(c.field);
  if (info?.kind !== 'enum' || Array.isArray(c.value)) return { ...c };
  if (c.op === 'eq') return { field: c.field, op: 'in', value: [c.value as number] };
  if (c.op === 'ne') return { field: c.field, op: 'not_in', value: [c.value as number] };
  return { ...c };
}

/** The conditions the class chips, the safety switch and the job control stand for. */
export const CHIP_FIELDS = ['deadline_class', 'check_class'] as const;

/** The panel's view of a filter: quick controls, and the attribute conditions in order. */
export interface PanelState {
  state: StockState;
  q: string;
  deadlineClasses: number[];
  checkClasses: number[];
  /** Safety-relevant open works: yes, no, or either (null). */
  safetyRelevant: boolean | null;
  /** Job membership: any (null), in no job, in some job, in these jobs. */
  job: { mode: 'any' | 'none' | 'some' | 'these'; ids: string[] };
  conditions: Condition[];
  geometry: Filter['geometry'];
  ids?: string[];
}

export const emptyPanel = (): PanelState => ({
  state: 'stock',
  q: '',
  deadlineClasses: [],
  checkClasses: [],
  safetyRelevant: null,
  job: { mode: 'any', ids: [] },
  conditions: [],
  geometry: null,
});

/** A non-empty list of whole numbers: what a class chip group can show without losing any. */
const wholeNumbers = (v: ConditionValue): boolean =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number' && Number.isInteger(x));

const numbers = (v: ConditionValue): number[] =>
  Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n)) : typeof v === 'number' ? [v] : [];

/**
 * Reads a filter (saved, from a link, from a dashboard) into the panel: the conditions its quick
 * controls stand for go to them, once each; every other condition stays an attribute row.
 */
export function toPanel(f: Filter | null | undefined): PanelState {
  const p = emptyPanel();
  if (!f) return p;
  p.state = f.state ?? 'stock';
  p.q = f.q ?? '';
  p.geometry = f.geometry ?? null;
  if (f.ids) p.ids = [...f.ids];
  let deadline = false;
  let check = false;
  let safety = false;
  let job = false;
  for (const raw of f.conditions ?? []) {
    const c = normalized(raw);
    if (!deadline && c.field === 'deadline_class' && c.op === 'in' && wholeNumbers(c.value)) {
      p.deadlineClasses = numbers(c.value);
      deadline = true;
    } else if (!check && c.field === 'check_class' && c.op === 'in' && wholeNumbers(c.value)) {
      p.checkClasses = numbers(c.value);
      check = true;
    } else if (!safety && c.field === 'security_relevance' && c.op === 'eq' && typeof c.value === 'boolean') {
      p.safetyRelevant = c.value;
      safety = true;
    } else if (!job && c.field === 'job') {
      job = true;
      if (c.op === 'empty') p.job = { mode: 'none', ids: [] };
      else if (c.op === 'not_empty') p.job = { mode: 'some', ids: [] };
      else if (c.op === 'eq' && typeof c.value === 'string') p.job = { mode: 'these', ids: [c.value] };
      else if (c.op === 'in' && Array.isArray(c.value)) p.job = { mode: 'these', ids: c.value.map(String) };
      else job = false;
      if (!job) p.conditions.push({ ...c });
    } else {
      p.conditions.push({ ...c });
    }
  }
  return p;
}

/**
 * The filter of the panel, as the server reads it. Incomplete attribute rows are left out (they
 * are marked in the panel), so a half-typed condition never empties the table.
 */
export function toFilter(p: PanelState): Filter {
  const conditions: Condition[] = [];
  if (p.deadlineClasses.length)
    conditions.push({ field: 'deadline_class', op: 'in', value: [...p.deadlineClasses].sort() });
  if (p.checkClasses.length) conditions.push({ field: 'check_class', op: 'in', value: [...p.checkClasses].sort() });
  if (p.safetyRelevant !== null) conditions.push({ field: 'security_relevance', op: 'eq', value: p.safetyRelevant });
  if (p.job.mode === 'none') conditions.push({ field: 'job', op: 'empty' });
  if (p.job.mode === 'some') conditions.push({ field: 'job', op: 'not_empty' });
  if (p.job.mode === 'these' && p.job.ids.length) conditions.push({ field: 'job', op: 'in', value: p.job.ids });
  for (const c of p.conditions) if (isSent(c)) conditions.push(clean(c));
  const f: Filter = {};
  if (p.state !== 'stock') f.state = p.state;
  if (p.q.trim()) f.q = p.q.trim();
  if (conditions.length) f.conditions = conditions;
  if (p.geometry) f.geometry = p.geometry;
  if (p.ids) f.ids = p.ids;
  return f;
}

function clean(c: Condition): Condition {
  if (noValue(c.op)) return { field: c.field, op: c.op };
  const v = typeof c.value === 'string' ? c.value.trim() : c.value;
  return { field: c.field, op: c.op, value: v };
}

/**
 * Where the server's 400 points: "conditions.3" of the sent filter → the index of the panel's
 * attribute row it came from (quick controls come first in the sent list), or the quick control.
 */
export function rowOfServerPart(p: PanelState, part: string): { row: number } | { control: string } | null {
  const m = /^conditions\.(\d+)$/.exec(part);
  if (!m) return part ? { control: part.split('.')[0] } : null;
  let i = Number(m[1]);
  const quick: string[] = [];
  if (p.deadlineClasses.length) quick.push('deadline_class');
  if (p.checkClasses.length) quick.push('check_class');
  if (p.safetyRelevant !== null) quick.push('security_relevance');
  if (p.job.mode === 'none' || p.job.mode === 'some' || (p.job.mode === 'these' && p.job.ids.length)) quick.push('job');
  if (i < quick.length) return { control: quick[i] };
  i -= quick.length;
  for (let r = 0; r < p.conditions.length; r++) {
    if (!isSent(p.conditions[r])) continue;
    if (i === 0) return { row: r };
    i--;
  }
  return null;
}

/** How many parts narrow the filter (for the "n active" badge). */
export function activeParts(f: Filter): number {
  return (
    (f.state && f.state !== 'stock' ? 1 : 0) +
    (f.q ? 1 : 0) +
    (f.conditions?.length ?? 0) +
    (f.geometry ? 1 : 0) +
    (f.ids ? 1 : 0)
  );
}

/** A stable text of a filter: equal filters give equal keys (query keys, "changed?" checks). */
export function filterKey(f: Filter): string {
  return JSON.stringify(f, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/**
 * Reads ?filter= of the data view: a saved filter's id, or a filter as URL-encoded JSON (links
 * from dashboards). Anything else is ignored.
 */
export function parseFilterParam(v: string | null): { id: string } | { filter: Filter } | null {
  if (!v) return null;
  const s = v.trim();
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)) return { id: s.toLowerCase() };
  if (!s.startsWith('{')) return null;
  try {
    const f = JSON.parse(s) as unknown;
    if (!f || typeof f !== 'object' || Array.isArray(f)) return null;
    return { filter: f as Filter };
  } catch {
    return null;
  }
}
