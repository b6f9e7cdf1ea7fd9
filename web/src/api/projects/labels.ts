import type { CustomField } from './settings';
import { customFieldNumber } from './fields';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** A field's name as people read it: tree fields by their label, custom fields by their alias. */
export function fieldLabel(t: T, name: string, custom?: Record<string, CustomField>): string {
  if (name.startsWith('general')) {
    const alias = custom?.[name]?.alias?.trim();
    return alias || t('customFields.field', { n: customFieldNumber(name) });
  }
  return t(`treeFields.${name}`);
}
