import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectSettings } from '@/api/projects/settings';
import { CUSTOM_FIELD_GROUPS } from '@/api/projects/fields';
import type { TreeCustomField } from '@/api/trees/types';
import { CustomFieldInput } from '../CustomFieldInput';
import { Section } from '../Section';
import { isRequired, readOnly, type FieldsProps } from './fields';

/** The project's active custom fields, a section per category (work fields belong to works). */
export function CustomFieldSections({ settings, ...fields }: FieldsProps & { settings: ProjectSettings | undefined }) {
  const { t } = useTranslation();
  const { form, editable } = fields;
  const custom = settings?.custom_fields ?? {};
  const groups = CUSTOM_FIELD_GROUPS.filter((g) => g.category !== 'work')
    .map((g) => ({ ...g, fields: g.fields.filter((f) => custom[f]?.active) as TreeCustomField[] }))
    .filter((g) => g.fields.length > 0);
  return groups.map((g) => (
    <Section key={g.category} title={t(`customFields.categories.${g.category}`)} testId={`tree-custom-${g.category}`}>
      <SimpleGrid cols={2} spacing="sm">
        {g.fields.map((f) => (
          <CustomFieldInput
            key={f}
            name={f}
            field={custom[f]}
            value={form.values.custom[f]}
            onChange={(v) => form.setFieldValue(`custom.${f}`, v)}
            inputProps={form.getInputProps(`custom.${f}`)}
            testId={`tree-field-${f}`}
            clearable={editable}
            searchable
            maxLength={2000}
            withAsterisk={isRequired(fields, f)}
            readOnly={readOnly(editable)}
          />
        ))}
      </SimpleGrid>
    </Section>
  ));
}
