import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomField } from '@/api/projects/settings';
import { customValues } from '@/lib/trees/options';

/**
 * One of the project's custom fields (docs/PRODUCT.md), labelled by its alias or its number: a
 * choice from its list or free text. `inputProps` are the form's props for the field (`form.getInputProps(name)`); a list keeps its
 * current value even where the list no longer holds it.
 */
export function CustomFieldInput({
  name,
  field,
  value,
  onChange,
  inputProps,
  testId,
  searchable,
  clearable = true,
  maxLength,
  withAsterisk,
  readOnly,
}: {
  name: string;
  field: CustomField | undefined;
  value: string;
  onChange: (value: string) => void;
  inputProps: object;
  testId?: string;
  searchable?: boolean;
  clearable?: boolean;
  maxLength?: number;
  withAsterisk?: boolean;
  readOnly?: object;
}) {
  const { t } = useTranslation();
  const label = field?.alias || t('customFields.field', { n: name.replace('general', '') });
  const common = { label, withAsterisk, 'data-testid': testId, ...readOnly, ...inputProps };
  return field?.type === 'list' ? (
    <Select
      data={customValues(field, value)}
      clearable={clearable}
      searchable={searchable}
      {...common}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
    />
  ) : (
    <TextInput maxLength={maxLength} {...common} />
  );
}

/**
 * The active ones of a record's custom fields (a work's 41 and 42, an inspection's 31 and 32) two
 * to a row; nothing when none is active. Each is the form's field of the same name.
 */
export function CustomFieldGrid({
  names,
  custom,
  form,
  testIdPrefix,
}: {
  names: string[];
  custom: Record<string, CustomField>;
  form: { getInputProps: (path: string) => { value?: unknown }; setFieldValue: (path: string, v: string) => void };
  /** Names each input's test id: the prefix and the field's name. */
  testIdPrefix?: string;
}) {
  const active = names.filter((f) => custom[f]?.active);
  if (!active.length) return null;
  return (
    <SimpleGrid cols={2} spacing="sm">
      {active.map((f) => {
        const inputProps = form.getInputProps(f);
        return (
          <CustomFieldInput
            key={f}
            name={f}
            field={custom[f]}
            value={typeof inputProps.value === 'string' ? inputProps.value : ''}
            onChange={(v) => form.setFieldValue(f, v)}
            inputProps={inputProps}
            testId={testIdPrefix && `${testIdPrefix}${f}`}
          />
        );
      })}
    </SimpleGrid>
  );
}
