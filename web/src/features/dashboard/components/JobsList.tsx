import { Anchor, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Job } from '../api/types';

/** A job's status as a coloured badge. */
export function JobStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const color = ['blue', 'orange', 'gray'][status] ?? 'gray';
  return (
    <Badge variant="light" color={color} radius="sm" data-testid="job-status" data-status={status}>
      {t(`dashboard.jobs.status.${status}`)}
    </Badge>
  );
}

/** The person's jobs with their project and progress. */
export function JobsList({ jobs }: { jobs: Job[] }) {
  const { t } = useTranslation();
  if (jobs.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        {t('dashboard.jobs.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="dashboard-jobs">
      {jobs.map((j) => {
        const share = j.action_count > 0 ? (100 * j.action_done) / j.action_count : 0;
        return (
          <Stack key={j.id} gap={4} data-testid="dashboard-job">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Anchor
                component={Link}
                to={`/jobs/dashboard?project=${encodeURIComponent(j.project)}&job=${encodeURIComponent(j.id)}`}
                size="sm"
                fw={500}
                truncate
              >
                {j.name}
              </Anchor>
              <JobStatusBadge status={j.status} />
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed" truncate>
                {j.projectName}
              </Text>
              <Text size="xs" c="dimmed">
                {t('dashboard.jobs.progress', { done: j.action_done, total: j.action_count })}
              </Text>
            </Group>
            <Progress value={share} size="sm" radius="xl" aria-label={j.name} />
          </Stack>
        );
      })}
    </Stack>
  );
}
