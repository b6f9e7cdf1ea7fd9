import type { CustomField } from '@/features/projects/api/settings';
import { fieldLabel } from '@/features/projects/settings/labels';
import { TREE_FIELDS } from '@/features/projects/settings/fields';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** Fields the shared `treeFields` messages name (the tree fields a person enters); the data
 * view names the others itself. */
const SHARED = new Set<string>(TREE_FIELDS);

/** A field's name as people read it: custom fields by their project alias. */
export function fieldName(t: T, name: string, custom?: Record<string, CustomField>): string {
  if (name.startsWith('general') || SHARED.has(name)) return fieldLabel(t, name, custom);
  return t(`data.fields.${name}`, { defaultValue: name });
}
