import { Button, Card, Fieldset, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canManage } from '@/api/projects/access';
import { useUpdateProject } from '../api/updateProject';
import type { Project, ProjectFields } from '@/api/projects/types';
import { StaleNotice } from '@/components/StaleNotice';
import { useVersionedForm } from '@/hooks/useVersionedForm';
import { ProjectFieldInputs } from './ProjectFieldInputs';
import { ReadOnlyNotice } from './ReadOnlyNotice';

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
  const editable = canManage(p.role) && !p.terminated;
  const { form, submit, stale, reload } = useVersionedForm({
    object: p,
    fieldsOf,
    validate: { name: (v) => (v.trim() ? null : t('errors.required')) },
    mutation: update,
    toArgs: (values) => ({ ...values, name: values.name.trim(), id: p.id }),
    savedMessage: t('project.saved'),
  });

  return (
    <Card
      padding="xl"
      component="form"
      onSubmit={submit}
      noValidate
      data-testid="project-general-form"
      data-editable={editable}
    >
      <Stack gap="md">
        {!editable && <ReadOnlyNotice project={p} />}
        {stale && <StaleNotice text={t('project.stale')} onReload={reload} />}
        <Fieldset variant="unstyled" disabled={!editable} p={0} m={0}>
          <Stack gap="md">
            <ProjectFieldInputs form={form} noteRows={[3, 8]} />
          </Stack>
        </Fieldset>
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()} data-testid="project-save">
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
