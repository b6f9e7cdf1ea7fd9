import { Card, Grid, Group, Select, SimpleGrid, Stack, Text, Title, useComputedColorScheme } from '@mantine/core';
import { IconChartBar, IconStethoscope, IconTool, IconTree, IconTrees } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { useProjects } from '@/api/projects/getProjects';
import { useJobDashboard } from '../api/getJobDashboard';
import { useProjectJobs } from '@/api/jobs/getProjectJobs';
import type { JobDashboard as Progress } from '../api/types';
import { classColor, noneColor } from '../colors';
import { valueSegments, windowSegments } from '../segments';
import { useSegmentLink } from '../useSegmentLink';
import { ClassDonut } from './ClassDonut';
import { figureOf } from '../figures';
import { DashboardCard, FigureRow } from './DashboardCard';
import { DashboardError, DashboardSkeleton } from './DashboardStates';
import { EmptyCard } from '@/components/ListStates';
import { JobStatusBadge } from './JobsList';
import { WindowBars } from './WindowBars';

function Empty({ title, text }: { title: string; text: string }) {
  return <EmptyCard icon={IconChartBar} title={title} text={text} />;
}

/** The job's two window cards: its works by deadline, its objects by next inspection. */
const WINDOW_CARDS = [
  {
    kind: 'works',
    counts: 'deadlines',
    title: 'dashboard.cards.jobDeadlines',
    hint: 'dashboard.cards.jobDeadlinesHint',
    testId: 'card-works',
  },
  {
    kind: 'checks',
    counts: 'inspections',
    title: 'dashboard.cards.jobInspections',
    hint: 'dashboard.cards.jobInspectionsHint',
    testId: 'card-checks',
  },
] as const;

/** A job's progress: works and inspections done and open, its objects by safety, deadline and inspection. */
function JobProgress({ projectId, d }: { projectId: string; d: Progress }) {
  const { t, i18n } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const open = useSegmentLink(projectId, d.job.id);
  const objects = d.trees + d.groups;
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(d.job.created_at));
  const done = classColor('safety', 0, scheme);
  const figure = figureOf(t);
  return (
    <Stack gap="md" data-testid="job-dashboard" data-job={d.job.id}>
      <Card padding="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Group gap="sm">
              <Title order={3} fz="lg" data-testid="job-name">
                {d.job.name}
              </Title>
              <JobStatusBadge status={d.job.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {d.job.projectName}
              {d.job.managerAlias ? ` · ${t('dashboard.jobs.manager', { name: d.job.managerAlias })}` : ''}
            </Text>
          </Stack>
          <Text size="sm" c="dimmed">
            {t('dashboard.progress.inspections', { count: d.checks.count, date: since })}
          </Text>
        </Group>
        {d.job.note && (
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {d.job.note}
          </Text>
        )}
      </Card>
      {objects === 0 ? (
        <Empty title={t('dashboard.jobs.emptyJob')} text={t('dashboard.jobs.noJobsText')} />
      ) : (
        <>
          <FigureRow
            figures={[
              figure('trees', d.trees, IconTree),
              figure('groups', d.groups, IconTrees),
              {
                label: t('dashboard.cards.progressWorks'),
                value: d.works.done,
                hint: t('dashboard.progress.worksDone', { done: d.works.done, total: d.works.done + d.works.open }),
                icon: IconTool,
                testId: 'figure-works-done',
              },
              {
                label: t('dashboard.cards.progressChecks'),
                value: d.checks.done,
                hint: t('dashboard.progress.checksDone', { done: d.checks.done, total: objects }),
                icon: IconStethoscope,
                testId: 'figure-checks-done',
              },
            ]}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <DashboardCard title={t('dashboard.cards.progressWorks')} testId="card-progress-works">
              {d.works.done + d.works.open === 0 ? (
                <Text size="sm" c="dimmed" py="md">
                  {t('dashboard.progress.noWorks')}
                </Text>
              ) : (
                <ClassDonut
                  testId="donut-works"
                  label={t('dashboard.cards.progressWorks')}
                  segments={[
                    { key: 'done', label: t('dashboard.progress.done'), value: d.works.done, color: done },
                    { key: 'open', label: t('dashboard.progress.open'), value: d.works.open, color: noneColor(scheme) },
                  ]}
                />
              )}
            </DashboardCard>
            <DashboardCard title={t('dashboard.cards.progressChecks')} testId="card-progress-checks">
              <ClassDonut
                testId="donut-checks"
                label={t('dashboard.cards.progressChecks')}
                segments={[
                  { key: 'done', label: t('dashboard.progress.inspected'), value: d.checks.done, color: done },
                  {
                    key: 'open',
                    label: t('dashboard.progress.notInspected'),
                    value: d.checks.open,
                    color: noneColor(scheme),
                  },
                ]}
              />
            </DashboardCard>
            <DashboardCard title={t('dashboard.cards.safety')} testId="card-safety">
              <ClassDonut
                testId="donut-safety"
                label={t('dashboard.cards.safety')}
                segments={valueSegments('safety', d.safety, t, scheme)}
                onOpen={(k) => open('safety', k)}
              />
            </DashboardCard>
          </SimpleGrid>
          <Grid gap="md">
            {WINDOW_CARDS.map(({ kind, counts, title, hint, testId }) => (
              <Grid.Col key={kind} span={{ base: 12, md: 6 }}>
                <DashboardCard title={t(title)} hint={t(hint)} testId={testId}>
                  <WindowBars
                    segments={windowSegments(kind, d[counts], t, scheme)}
                    label={t(title)}
                    onOpen={(k) => open(kind, k)}
                  />
                </DashboardCard>
              </Grid.Col>
            ))}
          </Grid>
        </>
      )}
    </Stack>
  );
}

/** The jobs dashboard (/jobs/dashboard?project=&job=): pick a job of one's projects, see its progress. */
export function JobDashboard() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const projects = useProjects();
  const projectId = params.get('project') ?? '';
  const jobId = params.get('job') ?? '';
  const jobs = useProjectJobs(projectId);
  const progress = useJobDashboard(projectId, jobId);

  // Without a choice yet, the most recently opened project.
  const first = projects.data?.[0]?.id;
  useEffect(() => {
    if (!projectId && first) setParams({ project: first }, { replace: true, preventScrollReset: true });
  }, [projectId, first, setParams]);

  const header = (
    <PageHeader
      title={t('titles.jobsDashboard')}
      description={t('dashboard.jobSubheading')}
      actions={
        <Group gap="sm" align="flex-end">
          <Select
            label={t('dashboard.jobs.pickProject')}
            data={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={projectId || null}
            onChange={(v) => v && setParams({ project: v }, { preventScrollReset: true })}
            allowDeselect={false}
            searchable
            w={220}
            data-testid="job-dashboard-project"
          />
          <Select
            label={t('dashboard.jobs.pickJob')}
            placeholder={t('dashboard.jobs.pickJobPlaceholder')}
            data={(jobs.data ?? []).map((j) => ({ value: j.id, label: j.name }))}
            value={jobId || null}
            onChange={(v) => v && setParams({ project: projectId, job: v }, { preventScrollReset: true })}
            allowDeselect={false}
            searchable
            disabled={!projectId || (jobs.data ?? []).length === 0}
            w={240}
            data-testid="job-dashboard-job"
          />
        </Group>
      }
    />
  );

  let body;
  if (projects.isPending || (projectId && jobs.isPending) || (jobId && progress.isPending)) {
    body = <DashboardSkeleton />;
  } else if (projects.data?.length === 0) {
    body = <Empty title={t('empty.jobsDashboard.title')} text={t('empty.jobsDashboard.text')} />;
  } else if (projectId && (jobs.data ?? []).length === 0) {
    body = <Empty title={t('dashboard.jobs.noJobs')} text={t('dashboard.jobs.noJobsText')} />;
  } else if (!jobId) {
    body = <Empty title={t('dashboard.jobs.chooseTitle')} text={t('dashboard.jobs.chooseText')} />;
  } else if (progress.isError) {
    body = <DashboardError message={progress.error.message} onRetry={() => void progress.refetch()} />;
  } else if (progress.data) {
    body = <JobProgress projectId={projectId} d={progress.data} />;
  }
  return (
    <>
      {header}
      {body}
    </>
  );
}
