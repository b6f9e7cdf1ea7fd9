import { Group, RingProgress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { inspectedOf, worksPercent } from '../job';
import type { Job, JobItem } from '@/api/jobs/types';
import { JobCard } from './JobCard';

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text fz={20} fw={700} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** Done and open works and inspections, from the job's counts and items. */
export function JobProgressCard({ job, items }: { job: Job; items: JobItem[] | undefined }) {
  const { t } = useTranslation();
  const pct = worksPercent(job);
  const inspected = inspectedOf(items ?? []);
  return (
    <JobCard title={t('jobs.progressCard.title')} testId="job-progress-card">
      <Group gap="lg" wrap="nowrap" align="center">
        <RingProgress
          size={96}
          thickness={10}
          roundCaps
          sections={pct ? [{ value: pct, color: pct === 100 ? 'arbor' : 'orange' }] : []}
          label={
            <Text ta="center" fw={700} size="sm">
              {pct}%
            </Text>
          }
          aria-label={t('jobs.progressCard.worksDone')}
        />
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" style={{ flex: 1 }}>
          <Figure label={t('jobs.progressCard.worksDone')} value={job.action_done} testId="works-done" />
          <Figure
            label={t('jobs.progressCard.worksOpen')}
            value={job.action_count - job.action_done}
            testId="works-open"
          />
          <Figure label={t('jobs.progressCard.checks')} value={job.check_count} testId="checks-count" />
          <Figure
            label={t('jobs.progressCard.inspected')}
            value={t('jobs.progressCard.ofObjects', { done: inspected.done, total: inspected.total })}
            testId="objects-inspected"
          />
        </SimpleGrid>
      </Group>
    </JobCard>
  );
}
