import { Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectSettings } from '@/api/projects/settings';
import type { Project } from '@/api/projects/types';
import { CUSTOM_FIELDS, fieldErrorsUnder, TREE_FIELDS } from '@/api/projects/fields';
import { fieldLabel } from '@/api/projects/labels';
import { CustomFieldGroup, FieldGroup } from './FieldGroup';
import { SettingsSection, useSettingsPart } from './SettingsSection';

/** Required fields: tree fields and active custom fields that must be filled before a tree is saved. */
export function RequiredFieldsForm({ project, settings }: { project: Project; settings: ProjectSettings }) {
  const { t } = useTranslation();
  const { draft, setDraft, version, save, errors, frame } = useSettingsPart('required-fields', project, settings, (s) =>
    [...(s.required_fields ?? [])].sort(),
  );
  const custom = settings.custom_fields;
  const activeCustom = CUSTOM_FIELDS.filter((n) => custom[n]?.active);
  const toggle = (name: string, on: boolean) =>
    setDraft((d) => (on ? [...d, name].sort() : d.filter((x) => x !== name)));
  const box = (name: string) => (
    <Checkbox
      key={name}
      label={fieldLabel(t, name, custom)}
      checked={draft.includes(name)}
      onChange={(e) => toggle(name, e.currentTarget.checked)}
      data-testid={`required-${name}`}
    />
  );

  return (
    <SettingsSection
      {...frame}
      error={fieldErrorsUnder(errors, 'required_fields')[''] ?? errors.version}
      // Custom fields switched off keep their mark until the list is saved again.
      onSave={() => save({ required_fields: draft, version })}
    >
      <Stack gap="lg">
        <FieldGroup title={t('requiredFields.treeFields')}>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm" verticalSpacing="xs">
            {TREE_FIELDS.map(box)}
          </SimpleGrid>
        </FieldGroup>
        <CustomFieldGroup active={activeCustom}>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm" verticalSpacing="xs">
            {activeCustom.map(box)}
          </SimpleGrid>
        </CustomFieldGroup>
      </Stack>
    </SettingsSection>
  );
}
