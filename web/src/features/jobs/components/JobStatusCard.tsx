import { Alert, Button, Card, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSetJobStatus } from '../api/setJobStatus';
import { transitionsOf } from '../job';
import type { Job } from '@/api/jobs/types';

const TEXT = ['openText', 'progressText', 'completedText'];

/** Open → in progress → completed, with the transitions management may take; a refusal shows the server's message. */
export function JobStatusCard({ job, manage }: { job: Job; manage: boolean }) {
  const { t } = useTranslation();
  const set = useSetJobStatus();
  return (
    <Card padding="lg" data-testid="job-status-card">
      <Title order={3} fz="md" mb="md">
        {t('jobs.transitions.title')}
      </Title>
      <Stepper active={job.status === 2 ? 3 : job.status} size="xs" iconSize={26} allowNextStepsSelect={false} mb="md">
        <Stepper.Step label={t('jobs.statuses.0')} />
        <Stepper.Step label={t('jobs.statuses.1')} />
        <Stepper.Step label={t('jobs.statuses.2')} />
      </Stepper>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(`jobs.transitions.${TEXT[job.status]}`)}
        </Text>
        {set.error && (
          <Alert color="red" variant="light" role="alert" data-testid="status-error">
            {set.error.message}
          </Alert>
        )}
        {manage && (
          <Group gap="sm">
            {transitionsOf(job.status).map((tr) => (
              <Button
                key={tr.to}
                size="xs"
                variant={tr.primary ? 'filled' : 'default'}
                loading={set.isPending && set.variables?.status === tr.to}
                disabled={set.isPending}
                data-testid={`status-${tr.key}`}
                onClick={() =>
                  set.mutate(
                    { projectId: job.project, jobId: job.id, status: tr.to, version: job.version },
                    {
                      onSuccess: (j) =>
                        notifications.show({
                          color: 'arbor',
                          icon: <IconCheck size={18} />,
                          message: t('jobs.transitions.changed', { status: t(`jobs.statuses.${j.status}`) }),
                        }),
                    },
                  )
                }
              >
                {t(`jobs.transitions.${tr.key}`)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
