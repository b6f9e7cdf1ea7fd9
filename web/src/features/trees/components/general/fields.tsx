import { NumberInput, Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ENUM_FIELDS, NUMBER_FIELDS, TREE_CUSTOM_FIELDS, type TreeFormValues } from '@/lib/trees/tree';
import { enumOptions } from '@/lib/trees/options';

/** The General tab's form: the tree's fields and the version they were loaded with. */
export type TreeForm = UseFormReturnType<TreeFormValues & { version: number }>;

/** What every field of the General tab needs: the form, whether it may be edited, and the
 * project's required fields (marked with an asterisk while editing). */
export interface FieldsProps {
  form: TreeForm;
  editable: boolean;
  required: Set<string>;
}

/** Read-only fields look filled, so a reader sees they cannot type there. */
export const readOnly = (editable: boolean) =>
  ({ readOnly: !editable, variant: editable ? 'default' : 'filled' }) as const;

/** Whether a field is marked required while editing. */
export const isRequired = ({ editable, required }: FieldsProps, name: string) => editable && required.has(name);

/** Where a server field error goes in the form. */
export function formPath(field: string): string {
  if ((NUMBER_FIELDS as readonly string[]).includes(field)) return `numbers.${field}`;
  if ((ENUM_FIELDS as readonly string[]).includes(field)) return `enums.${field}`;
  if ((TREE_CUSTOM_FIELDS as string[]).includes(field)) return `custom.${field}`;
  return field;
}

/** A number field of the tree: whole, or with one decimal. */
export function TreeNumberInput({
  name,
  decimal,
  max,
  ...fields
}: FieldsProps & { name: (typeof NUMBER_FIELDS)[number]; decimal?: boolean; max?: number }) {
  const { t, i18n } = useTranslation();
  return (
    <NumberInput
      label={t(`treeFields.${name}`)}
      min={0}
      max={max}
      decimalScale={decimal ? 1 : 0}
      allowNegative={false}
      allowDecimal={!!decimal}
      decimalSeparator={i18n.language === 'en' ? '.' : ','}
      withAsterisk={isRequired(fields, name)}
      hideControls
      data-testid={`tree-field-${name}`}
      {...readOnly(fields.editable)}
      {...fields.form.getInputProps(`numbers.${name}`)}
    />
  );
}

/** A field of the tree whose value is one of a few classes (vitality, damage …). */
export function TreeEnumSelect({ name, ...fields }: FieldsProps & { name: (typeof ENUM_FIELDS)[number] }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t(`treeFields.${name}`)}
      data={enumOptions(t, name)}
      clearable={fields.editable}
      withAsterisk={isRequired(fields, name)}
      comboboxProps={{ withinPortal: true }}
      data-testid={`tree-field-${name}`}
      {...readOnly(fields.editable)}
      {...fields.form.getInputProps(`enums.${name}`)}
    />
  );
}
