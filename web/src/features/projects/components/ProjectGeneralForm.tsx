import { useEffect, useState } from 'react';
import { Alert, Button, Card, Fieldset, Group, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconLock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { canManage } from '@/api/projects/access';
import { useUpdateProject } from '../api/updateProject';
import type { Project, ProjectFields } from '@/api/projects/types';

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
  const [stale, setStale] = useState(false);
  const form = useForm({
    mode: 'controlled',
    // The version the values were loaded from goes with them: a save from a stale form is refused.
    initialValues: { ...fieldsOf(p), version: p.version },
    validate: { name: (v) => (v.trim() ? null : t('errors.required')) },
  });
  const load = (project: Project) => {
    const values = { ...fieldsOf(project), version: project.version };
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  };
  useEffect(() => {
    if (!form.isDirty()) load(p);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.version]);

  const submit = form.onSubmit((values) =>
    update.mutate(
      { ...values, name: values.name.trim(), id: p.id },
      {
        onSuccess: (saved) => {
          setStale(false);
          load(saved);
          notifications.show({ color: 'arbor', icon: <IconCheck size={18} />, message: t('project.saved') });
        },
        onError: (e) => {
          if (!(e instanceof ApiError)) return;
          if (e.stale) setStale(true);
          form.setErrors(e.fields);
        },
      },
    ),
  );

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
        {!editable && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="read-only-notice">
            {p.terminated ? t('project.terminated') : t('project.readOnly')}
          </Alert>
        )}
        {stale && (
          <Alert color="yellow" variant="light" role="alert" data-testid="stale-notice">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm">{t('project.stale')}</Text>
              <Button
                size="xs"
                variant="light"
                color="yellow"
                leftSection={<IconRefresh size={14} />}
                onClick={() => {
                  load(p);
                  setStale(false);
                }}
              >
                {t('common.reload')}
              </Button>
            </Group>
          </Alert>
        )}
        <Fieldset variant="unstyled" disabled={!editable} p={0} m={0}>
          <Stack gap="md">
            <TextInput label={t('project.fields.name')} name="name" required {...form.getInputProps('name')} />
            <TextInput
              label={t('project.fields.companyName')}
              description={t('project.fields.companyNameText')}
              name="companyName"
              {...form.getInputProps('companyName')}
            />
            <Textarea
              label={t('project.fields.note')}
              name="note"
              autosize
              minRows={3}
              maxRows={8}
              {...form.getInputProps('note')}
            />
            <Switch
              label={t('project.fields.unique_number')}
              description={t('project.fields.uniqueNumberText')}
              name="unique_number"
              {...form.getInputProps('unique_number', { type: 'checkbox' })}
            />
            <Switch
              label={t('project.fields.show_number_text')}
              description={t('project.fields.showNumberTextText')}
              name="show_number_text"
              {...form.getInputProps('show_number_text', { type: 'checkbox' })}
            />
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
