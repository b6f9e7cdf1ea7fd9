import { Anchor, Card, Group, Select, Stack } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { EmptyCard } from '@/components/ListStates';
import { useSession } from '@/api/auth/getSession';
import { useMyJobs } from '../api/getMyJobs';
import { useJobItems } from '../api/getJobItems';
import { canManage } from '../job';
import { JobItemsTable } from './JobItemsTable';
import { JobProgress } from './JobProgress';
import { JobStatusBadge } from './JobStatusBadge';

/** /jobs/data: the trees, groups and works of a chosen job as a list (?job= keeps the choice). */
export default function JobsDataPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const session = useSession().data?.session;
  const jobs = useMyJobs();
  // In a job session only that job's objects can be read.
  const choosable = (jobs.data ?? []).filter((j) => session?.type !== 'job' || j.id === session.id_j);
  const chosen = params.get('job') ?? (session?.type === 'job' ? (session.id_j ?? null) : null);
  const job = choosable.find((j) => j.id === chosen);
  const items = useJobItems(job?.project, job?.id);
  return (
    <>
      <PageHeader title={t('titles.jobsData')} description={t('jobs.data.chooseText')} />
      <Stack gap="lg">
        <Card padding="lg">
          <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
            <Select
              label={t('jobs.data.choose')}
              placeholder={t('jobs.data.placeholder')}
              w={360}
              searchable
              data={choosable.map((j) => ({ value: j.id, label: `${j.name} · ${j.projectName}` }))}
              value={job?.id ?? null}
              onChange={(v) => setParams(v ? { job: v } : {}, { preventScrollReset: true })}
              data-testid="data-job-select"
            />
            {job && (
              <Group gap="lg">
                <JobStatusBadge status={job.status} />
                <JobProgress job={job} />
                <Anchor component={Link} to={`/jobs/${job.id}`} size="sm">
                  {t('jobs.data.open')}
                </Anchor>
              </Group>
            )}
          </Group>
        </Card>
        {job ? (
          <JobItemsTable job={job} items={items.data} loading={items.isPending} manage={canManage(job.role)} />
        ) : (
          <EmptyCard icon={IconClipboardList} title={t('empty.jobsData.title')} text={t('jobs.data.chooseText')} />
        )}
      </Stack>
    </>
  );
}
