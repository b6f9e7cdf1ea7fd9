import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUpdateProject } from '../api/updateProject';
import type { Project, ProjectFields } from '@/api/projects/types';
import { useVersionedForm } from '@/hooks/useVersionedForm';
import { ProjectFieldInputs } from './ProjectFieldInputs';
import { SettingsSection } from '../settings/SettingsSection';

const fieldsOf = (p: Project): ProjectFields => ({
  name: p.name,
  note: p.note,
  companyName: p.companyName,
  show_number_text: p.show_number_text,
  unique_number: p.unique_number,
});

/** General settings: editable by managers of a project whose organisation is not cancelled. */
export function ProjectGeneralForm({ project: p }: { project: Project }) {
  const { t } = useTranslation();
  const update = useUpdateProject();
  const { form, submit, stale, reload } = useVersionedForm({
    object: p,
    fieldsOf,
    validate: { name: (v) => (v.trim() ? null : t('errors.required')) },
    mutation: update,
    toArgs: (values) => ({ ...values, name: values.name.trim(), id: p.id }),
    savedMessage: t('project.saved'),
  });

  return (
    <SettingsSection
      project={p}
      testId="project-general-form"
      stale={stale}
      onReload={reload}
      dirty={form.isDirty()}
      saving={update.isPending}
      onSave={() => submit()}
      saveTestId="project-save"
    >
      <Stack gap="md">
        <ProjectFieldInputs form={form} noteRows={[3, 8]} />
      </Stack>
    </SettingsSection>
  );
}
