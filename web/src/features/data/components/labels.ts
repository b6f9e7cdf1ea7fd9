import type { CustomField } from '@/features/projects/api/settings';
import { fieldLabel } from '@/features/projects/settings/labels';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** Fields the shared `treeFields` messages name; the data view names the others itself. */
const SHARED = new Set([
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
]);

/** A field's name as people read it: custom fields by their project alias. */
export function fieldName(t: T, name: string, custom?: Record<string, CustomField>): string {
  if (name.startsWith('general') || SHARED.has(name)) return fieldLabel(t, name, custom);
  return t(`data.fields.${name}`, { defaultValue: name });
}
