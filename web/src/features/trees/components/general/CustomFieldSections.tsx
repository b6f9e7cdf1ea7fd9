import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectSettings } from '@/api/projects/settings';
import { CUSTOM_FIELD_GROUPS } from '@/api/projects/fields';
import type { TreeCustomField } from '@/api/trees/types';
import { customValues } from '@/lib/trees/options';
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
        {g.fields.map((f) => {
          const cf = custom[f];
          const label = cf?.alias || t('customFields.field', { n: f.replace('general', '') });
          return cf?.type === 'list' ? (
            <Select
              key={f}
              label={label}
              data={customValues(cf, form.values.custom[f])}
              clearable={editable}
              searchable
              withAsterisk={isRequired(fields, f)}
              data-testid={`tree-field-${f}`}
              {...readOnly(editable)}
              {...form.getInputProps(`custom.${f}`)}
              value={form.values.custom[f] || null}
              onChange={(v) => form.setFieldValue(`custom.${f}`, v ?? '')}
            />
          ) : (
            <TextInput
              key={f}
              label={label}
              withAsterisk={isRequired(fields, f)}
              maxLength={2000}
              data-testid={`tree-field-${f}`}
              {...readOnly(editable)}
              {...form.getInputProps(`custom.${f}`)}
            />
          );
        })}
      </SimpleGrid>
    </Section>
  ));
}
