import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/ConfirmModal';
import { useSetJobStatus } from '../api/setJobStatus';
import { useParticipants } from '../api/getParticipants';
import { transitionWarning, transitionsOf, worksPercent } from '../job';
import type { Job } from '@/api/jobs/types';
import { JobStepper } from './JobStepper';
import { JobCard } from './JobCard';

const TEXT = ['openText', 'progressText', 'completedText'];

/**
 * Open → in progress → completed, with the transitions management may take; releasing a job nobody
 * is assigned to and completing one with works undone are confirmed first; a refusal shows the
 * server's message.
 */
export function JobStatusCard({ job, manage }: { job: Job; manage: boolean }) {
  const { t } = useTranslation();
  const set = useSetJobStatus();
  const participants = useParticipants(manage ? job.project : undefined, job.id);
  const [asking, setAsking] = useState<{ to: 0 | 1 | 2; key: string; warning: 'noParticipants' | 'undone' } | null>(
    null,
  );
  const move = (to: 0 | 1 | 2) =>
    set.mutate(
      { projectId: job.project, jobId: job.id, status: to, version: job.version },
      {
        onSuccess: (j) => {
          setAsking(null);
          notifications.show({
            color: 'arbor',
            icon: <IconCheck size={18} />,
            message: t('jobs.transitions.changed', { status: t(`jobs.statuses.${j.status}`) }),
          });
        },
      },
    );
  return (
    <JobCard title={t('jobs.transitions.title')} titleGap="md" testId="job-status-card">
      <Stack gap="sm">
        <JobStepper status={job.status} />
        <Text size="sm" c="dimmed">
          {t(`jobs.transitions.${TEXT[job.status]}`)}
        </Text>
        {set.error && !asking && (
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
                loading={set.isPending && set.variables?.status === tr.to && !asking}
                disabled={set.isPending || participants.isPending}
                data-testid={`status-${tr.key}`}
                onClick={() => {
                  const warning = transitionWarning(job, tr.to, participants.data?.length ?? 0);
                  if (warning) {
                    set.reset();
                    setAsking({ to: tr.to, key: tr.key, warning });
                  } else move(tr.to);
                }}
              >
                {t(`jobs.transitions.${tr.key}`)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
      <ConfirmModal
        opened={!!asking}
        title={asking ? t(`jobs.transitions.confirm.${asking.warning}Title`) : ''}
        confirmLabel={asking ? t(`jobs.transitions.confirm.${asking.key}Anyway`) : ''}
        confirmColor={asking?.warning === 'undone' ? 'orange' : 'arbor'}
        loading={set.isPending}
        error={asking ? (set.error?.message ?? null) : null}
        onConfirm={() => asking && move(asking.to)}
        onClose={() => {
          setAsking(null);
          set.reset();
        }}
        testId="status-confirm"
      >
        {asking?.warning === 'noParticipants'
          ? t('jobs.transitions.confirm.noParticipantsText')
          : t('jobs.transitions.confirm.undoneText', {
              done: job.action_done,
              total: job.action_count,
              percent: worksPercent(job),
            })}
      </ConfirmModal>
    </JobCard>
  );
}
