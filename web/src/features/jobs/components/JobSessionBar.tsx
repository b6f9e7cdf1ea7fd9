import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClipboardList, IconDoorExit } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/api/auth/getSession';
import { useMyJobs } from '../api/getMyJobs';
import { useLeaveJob } from '../api/enterJob';

/** Leaves the job session for a plain user session and returns to the jobs. */
export function LeaveJobButton({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useLeaveJob();
  return (
    <Button
      size={size}
      variant="white"
      color="dark"
      leftSection={<IconDoorExit size={14} />}
      loading={leave.isPending}
      data-testid="leave-job"
      // mutateAsync: the button unmounts as soon as the session changes; the promise still settles.
      onClick={() =>
        leave.mutateAsync().then(
          () => {
            notifications.show({ color: 'arbor', message: t('jobs.session.left') });
            void navigate('/jobs');
          },
          (e: Error) => notifications.show({ color: 'red', message: e.message }),
        )
      }
    >
      {t('jobs.session.leave')}
    </Button>
  );
}

/**
 * Shown in the shell while the session is a job session: one works inside the job and sees only
 * its objects, with a way to open it and to leave.
 */
export function JobSessionBar() {
  const { t } = useTranslation();
  const session = useSession();
  const claims = session.data?.session;
  const inJob = claims?.type === 'job' && !!claims.id_j;
  // Only inside a job: the shell asks nothing more of the server otherwise.
  const jobs = useMyJobs(inJob);
  if (!inJob) return null;
  const job = jobs.data?.find((j) => j.id === claims.id_j);
  return (
    <Paper
      radius="md"
      px="md"
      py="sm"
      bg="orange.6"
      c="white"
      role="status"
      aria-live="polite"
      data-testid="job-session-bar"
      data-job={claims.id_j}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon color="white" variant="white" c="orange.7" radius="xl" size="md">
            <IconClipboardList size={16} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={700} truncate>
              {t('jobs.session.inside')}: {job?.name ?? '…'}
              {job ? ` · ${job.projectName}` : ''}
            </Text>
            <Text size="xs" opacity={0.9}>
              {t('jobs.session.text')}
            </Text>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="outline"
            color="white"
            component={Link}
            to={`/jobs/${claims.id_j}`}
            data-testid="open-session-job"
          >
            {t('jobs.session.open')}
          </Button>
          <LeaveJobButton />
        </Group>
      </Group>
    </Paper>
  );
}
