import type { CustomField, DefaultValue, InspectionIntervals } from './settings';

/** Custom field categories in display order, with their field names (store/fields.go). */
export const CUSTOM_FIELD_GROUPS = [
  { category: 'general', fields: ['01', '02', '03', '04', '05', '06', '07', '08', '09'] },
  { category: 'assessment', fields: ['11', '12', '13'] },
  { category: 'other', fields: ['21', '22', '23'] },
  { category: 'inspection', fields: ['31', '32'] },
  { category: 'work', fields: ['41', '42'] },
].map((g) => ({ category: g.category, fields: g.fields.map((n) => `general${n}`) }));

export const CUSTOM_FIELDS = CUSTOM_FIELD_GROUPS.flatMap((g) => g.fields);

/** The tree fields a person enters (store/fields.go TreeFields), for required fields. */
export const TREE_FIELDS = [
  'number',
  'number_text',
  'species',
  'planting_year',
  'height',
  'diameter',
  'scope',
  'top_diameter',
  'top_form',
  'vitality',
  'development',
  'damage_tree',
  'security_expectation',
  'symptoms',
  'valuation_top',
  'valuation_root',
  'valuation_trunk',
  'valuation_group',
  'tree_count',
  'area',
  'check_comment',
] as const;

/** The fields with a default value, and how each is entered. */
export const DEFAULT_FIELDS: { name: string; kind: 'text' | 'number' | 'enum' }[] = [
  { name: 'species', kind: 'text' },
  { name: 'planting_year', kind: 'number' },
  { name: 'height', kind: 'number' },
  { name: 'diameter', kind: 'number' },
  { name: 'vitality', kind: 'enum' },
  { name: 'development', kind: 'enum' },
  { name: 'damage_tree', kind: 'enum' },
  { name: 'security_expectation', kind: 'enum' },
];

export const INTERVAL_ROWS = ['young_healthy', 'aging_healthy', 'damaged', 'hollow'] as const;

/** The FLL tree inspection guideline's intervals in months (docs/DECISIONS.md). */
export const FLL_INTERVALS: InspectionIntervals = {
  young_healthy: { low: 36, high: 24 },
  aging_healthy: { low: 24, high: 12 },
  damaged: { low: 12, high: 12 },
  hollow: { low: 12, high: 12 },
};

export const blankCustomField = (): CustomField => ({
  alias: '',
  active: false,
  type: 'text',
  default_value: '',
  sort: 'alpha',
  values: [],
});

/** All 19 custom fields, in order, from what the server answered (missing ones blank). */
export function normaliseCustomFields(from: Record<string, CustomField> | undefined): Record<string, CustomField> {
  const out: Record<string, CustomField> = {};
  for (const name of CUSTOM_FIELDS) {
    const f = { ...blankCustomField(), ...(from?.[name] ?? {}) };
    out[name] = {
      alias: f.alias ?? '',
      active: !!f.active,
      type: f.type === 'list' ? 'list' : 'text',
      default_value: f.default_value ?? '',
      sort: f.sort === 'manual' ? 'manual' : 'alpha',
      values: [...(f.values ?? [])],
    };
  }
  return out;
}

/** The custom_fields part to send: every field, aliases and values trimmed, no values for free text. */
export function customFieldsPayload(fields: Record<string, CustomField>): Record<string, CustomField> {
  const out: Record<string, CustomField> = {};
  for (const name of CUSTOM_FIELDS) {
    const f = fields[name] ?? blankCustomField();
    out[name] = {
      alias: f.alias.trim(),
      active: f.active,
      type: f.type,
      default_value: f.default_value.trim(),
      sort: f.sort,
      values: f.type === 'list' ? f.values.map((v) => v.trim()).filter(Boolean) : [],
    };
  }
  return out;
}

/** Custom field number for display: general02 → "02". */
export const customFieldNumber = (name: string) => name.replace(/^general/, '');

/** The default_values part to send: only fields that have a value; numbers stay numbers. */
export function defaultValuesPayload(
  values: Record<string, DefaultValue | null | undefined>,
): Record<string, DefaultValue> {
  const out: Record<string, DefaultValue> = {};
  for (const [name, v] of Object.entries(values)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'string') {
      if (v.trim() !== '') out[name] = v.trim();
    } else if (typeof v === 'number') {
      if (Number.isFinite(v)) out[name] = v;
    } else {
      out[name] = v;
    }
  }
  return out;
}

/** Whether every interval is a whole number of months from 1 to 120. */
export const validInterval = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 120;

/** Server field errors under a prefix: `custom_fields.general02` → { general02: … }. */
export function fieldErrorsUnder(fields: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (k === prefix) out[''] = v;
    else if (k.startsWith(`${prefix}.`)) out[k.slice(prefix.length + 1)] = v;
  }
  return out;
}
