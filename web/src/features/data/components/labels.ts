import type { CustomField } from '@/api/projects/settings';
import { fieldLabel } from '@/api/projects/labels';
import { TREE_FIELDS } from '@/api/projects/fields';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** Fields the shared `treeFields` messages name (the tree fields a person enters); the data
 * view names the others itself. */
const SHARED = new Set<string>(TREE_FIELDS);

/** A field's name as people read it: custom fields by their project alias. */
export function fieldName(t: T, name: string, custom?: Record<string, CustomField>): string {
  if (name.startsWith('general') || SHARED.has(name)) return fieldLabel(t, name, custom);
  return t(`data.fields.${name}`, { defaultValue: name });
}
