import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { worksPercent } from '../job';
import type { Job } from '@/api/jobs/types';

/** Works done of the job's works, as a bar with its figures. */
export function JobProgress({ job, w = 160 }: { job: Pick<Job, 'action_count' | 'action_done'>; w?: number }) {
  const { t } = useTranslation();
  const pct = worksPercent(job);
  if (!job.action_count) {
    return (
      <Text size="xs" c="dimmed">
        {t('jobs.noWorks')}
      </Text>
    );
  }
  return (
    <Stack gap={4} w={w} data-testid="job-progress" data-done={job.action_done} data-total={job.action_count}>
      <Progress
        value={pct}
        color={pct === 100 ? 'arbor' : 'orange'}
        size="sm"
        radius="xl"
        aria-label={t('jobs.progress')}
      />
      <Group justify="space-between" gap={4}>
        <Text size="xs" c="dimmed">
          {t('jobs.worksDone', { done: job.action_done, total: job.action_count })}
        </Text>
        <Text size="xs" fw={600}>
          {pct}%
        </Text>
      </Group>
    </Stack>
  );
}
