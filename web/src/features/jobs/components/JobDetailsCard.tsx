import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useUpdateJob } from '../api/updateJob';
import type { Job } from '@/api/jobs/types';
import { ModalActions } from '@/components/ModalActions';

/** The job's name and details; management edits them while the job is open. */
export function JobDetailsCard({ job, manage }: { job: Job; manage: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const update = useUpdateJob();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: job.name, note: job.note },
    validate: { name: (v) => (v.trim() ? null : t('errors.required')) },
  });
  const start = () => {
    form.setValues({ name: job.name, note: job.note });
    update.reset();
    setEditing(true);
  };
  const submit = form.onSubmit((v) =>
    update.mutate(
      { projectId: job.project, jobId: job.id, name: v.name.trim(), note: v.note.trim(), version: job.version },
      {
        onSuccess: () => {
          setEditing(false);
          notifications.show({ color: 'arbor', icon: <IconCheck size={18} />, message: t('jobs.page.saved') });
        },
        onError: (e) => e instanceof ApiError && form.setErrors(e.fields),
      },
    ),
  );
  const error =
    update.error instanceof ApiError && !Object.keys(update.error.fields).length ? update.error.message : null;
  return (
    <Card padding="lg" data-testid="job-details">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="md">
          {t('jobs.page.details')}
        </Title>
        {manage && job.status === 0 && !editing && (
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPencil size={14} />}
            onClick={start}
            data-testid="edit-job"
          >
            {t('jobs.page.edit')}
          </Button>
        )}
      </Group>
      {editing ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label={t('jobs.name')} required data-autofocus {...form.getInputProps('name')} />
            <Textarea label={t('jobs.note')} autosize minRows={2} maxRows={8} {...form.getInputProps('note')} />
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <ModalActions
              onCancel={() => setEditing(false)}
              loading={update.isPending}
              submit={t('common.save')}
              submitTestId="save-job"
            />
          </Stack>
        </form>
      ) : (
        <Stack gap="xs">
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap' }}
            c={job.note ? undefined : 'dimmed'}
            data-testid="job-note-text"
          >
            {job.note || t('jobs.page.noNote')}
          </Text>
          {manage && job.status !== 0 && (
            <Text size="xs" c="dimmed">
              {t('jobs.page.fixed')}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
