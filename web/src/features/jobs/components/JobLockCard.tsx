import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/ConfirmModal';
import { useLockJob } from '../api/lockJob';
import type { Job } from '@/api/jobs/types';

/** Who holds the job; hold or release it; management breaks someone else's lock (the holder is told). */
export function JobLockCard({ job, me, hold, manage }: { job: Job; me: string; hold: boolean; manage: boolean }) {
  const { t, i18n } = useTranslation();
  const lock = useLockJob();
  const [breaking, setBreaking] = useState(false);
  const mine = job.locked_by === me;
  const since = job.locked_at ? new Date(job.locked_at).toLocaleString(i18n.language) : '';
  const run = (lockIt: boolean, force = false) =>
    lock.mutate(
      { projectId: job.project, jobId: job.id, lock: lockIt, force },
      {
        onSuccess: () => {
          if (force) {
            setBreaking(false);
            notifications.show({ color: 'arbor', message: t('jobs.lock.broken', { name: job.locked_alias }) });
          }
        },
      },
    );
  return (
    <Card padding="lg" data-testid="job-lock" data-locked={job.locked} data-mine={mine}>
      <Group gap="xs" mb="sm">
        {job.locked ? <IconLock size={18} /> : <IconLockOpen size={18} />}
        <Title order={3} fz="md">
          {t('jobs.lock.title')}
        </Title>
      </Group>
      <Stack gap="sm">
        <Text size="sm" c={job.locked ? undefined : 'dimmed'} data-testid="lock-text">
          {!job.locked
            ? t('jobs.lock.free')
            : mine
              ? t('jobs.lock.mine')
              : t('jobs.lock.other', { name: job.locked_alias, since })}
        </Text>
        {lock.error && !breaking && (
          <Alert color="red" variant="light" role="alert">
            {lock.error.message}
          </Alert>
        )}
        <Group gap="sm">
          {/* Mine: release it; free and open: hold it. */}
          {(mine || (!job.locked && hold && job.status !== 2)) && (
            <Button
              size="xs"
              variant={mine ? 'default' : 'light'}
              leftSection={mine ? <IconLockOpen size={14} /> : <IconLock size={14} />}
              loading={lock.isPending}
              onClick={() => run(!mine)}
              data-testid={mine ? 'release-job' : 'hold-job'}
            >
              {mine ? t('jobs.lock.release') : t('jobs.lock.hold')}
            </Button>
          )}
          {job.locked && !mine && manage && (
            <Button size="xs" color="red" variant="light" onClick={() => setBreaking(true)} data-testid="break-lock">
              {t('jobs.lock.break')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmModal
        opened={breaking}
        title={t('jobs.lock.breakTitle', { name: job.locked_alias })}
        confirmLabel={t('jobs.lock.break')}
        loading={lock.isPending}
        error={breaking ? (lock.error?.message ?? null) : null}
        onConfirm={() => run(false, true)}
        onClose={() => {
          setBreaking(false);
          lock.reset();
        }}
        testId="break-lock-modal"
      >
        {t('jobs.lock.breakText', { name: job.locked_alias })}
      </ConfirmModal>
    </Card>
  );
}
