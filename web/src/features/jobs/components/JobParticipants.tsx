import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconMail, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { emailListProblem } from '@/lib/emails';
import { useParticipants } from '../api/getParticipants';
import { useAddParticipants } from '../api/addParticipants';
import { useRemoveParticipant } from '../api/removeParticipant';
import { MutationConfirm } from '@/components/MutationConfirm';
import type { Job, Participant, ParticipantRole } from '@/api/jobs/types';
import { JobCard } from './JobCard';
import { labelledOptions } from '@/lib/options';

const ROLES: ParticipantRole[] = ['editor', 'care', 'reader'];

/** The job's participants and invitations; management assigns people by e-mail and removes them. */
export function JobParticipants({ job, manage }: { job: Job; manage: boolean }) {
  const { t } = useTranslation();
  const list = useParticipants(job.project, job.id);
  const add = useAddParticipants();
  const remove = useRemoveParticipant();
  const [removing, setRemoving] = useState<Participant | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { emails: '', role: 'editor' as ParticipantRole },
    validate: {
      emails: (v) => {
        const { problem, invalid } = emailListProblem(v);
        if (problem === 'empty') return t('jobs.participants.empty');
        if (problem === 'invalid') return t('jobs.participants.invalid', { list: invalid.join(', ') });
        return null;
      },
    },
  });
  const submit = form.onSubmit((v) =>
    add.mutate(
      { projectId: job.project, jobId: job.id, emails: v.emails, role: v.role },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'arbor', icon: <IconCheck size={18} />, message: t('jobs.participants.added') });
        },
        onError: (e) => e instanceof ApiError && form.setErrors(e.fields),
      },
    ),
  );
  const name = (p: Participant) => p.alias || p.email;
  // A completed job has nothing left to do: nobody new is assigned (the server refuses it too).
  const closed = job.status === 2;
  const addError = add.error instanceof ApiError && add.error.message;
  return (
    <JobCard title={t('jobs.participants.title')} testId="job-participants">
      <Stack gap="sm">
        {!list.data?.length ? (
          <Text size="sm" c="dimmed">
            {t('jobs.participants.none')}
          </Text>
        ) : (
          list.data.map((p) => (
            <Group key={p.email} justify="space-between" wrap="nowrap" data-testid="participant" data-email={p.email}>
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={500} truncate>
                  {name(p)}
                </Text>
                {p.alias && (
                  <Text size="xs" c="dimmed" truncate>
                    {p.email}
                  </Text>
                )}
                <Group gap={6}>
                  <Badge size="xs" variant="default" radius="sm">
                    {t(`jobs.roles.${p.role}`)}
                  </Badge>
                  {p.pending && (
                    <Badge size="xs" variant="light" color="yellow" radius="sm" leftSection={<IconMail size={10} />}>
                      {t('jobs.participants.invited')}
                    </Badge>
                  )}
                </Group>
              </Stack>
              {manage && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={t('jobs.participants.remove', { name: name(p) })}
                  onClick={() => setRemoving(p)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              )}
            </Group>
          ))
        )}
        {manage && (
          <form onSubmit={submit} noValidate data-testid="add-participants">
            <Stack gap="xs" pt="xs" style={{ borderTop: '1px solid var(--arbor-border)' }}>
              {closed && (
                <Text size="xs" c="dimmed" data-testid="participants-closed">
                  {t('jobs.participants.closed')}
                </Text>
              )}
              <TextInput
                disabled={closed}
                label={t('jobs.participants.emails')}
                description={t('jobs.participants.emailsText')}
                placeholder="anna@example.org, ben@example.org"
                data-testid="participant-emails"
                {...form.getInputProps('emails')}
              />
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <Select
                  disabled={closed}
                  label={t('jobs.participants.role')}
                  allowDeselect={false}
                  data={labelledOptions(t, 'jobs.roles', ROLES)}
                  style={{ flex: 1 }}
                  data-testid="participant-role"
                  {...form.getInputProps('role')}
                />
                <Button
                  type="submit"
                  leftSection={<IconUserPlus size={16} />}
                  loading={add.isPending}
                  disabled={closed}
                  data-testid="add-participants-submit"
                >
                  {t('jobs.participants.add')}
                </Button>
              </Group>
              {addError && !Object.keys((add.error as ApiError).fields).length && (
                <Alert color="red" variant="light" role="alert">
                  {addError}
                </Alert>
              )}
            </Stack>
          </form>
        )}
      </Stack>
      <MutationConfirm
        mutation={remove}
        input={removing && { projectId: job.project, jobId: job.id, member: removing.userId ?? removing.email }}
        done={() => t('jobs.participants.removed', { name: removing ? name(removing) : '' })}
        onDone={() => setRemoving(null)}
        opened={!!removing}
        title={removing ? t('jobs.participants.removeTitle', { name: name(removing) }) : ''}
        confirmLabel={t('jobs.participants.removeConfirm')}
        onClose={() => setRemoving(null)}
      >
        {removing ? t('jobs.participants.removeText', { name: name(removing) }) : ''}
      </MutationConfirm>
    </JobCard>
  );
}
