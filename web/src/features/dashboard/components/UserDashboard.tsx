import {
  Anchor,
  Badge,
  Grid,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
  useComputedColorScheme,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconChartDonut3,
  IconClipboardList,
  IconFolders,
  IconLock,
  IconStethoscope,
  IconTool,
  IconTree,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { EmptyCard } from '@/components/ListStates';
import { useUserDashboard } from '../api/getUserDashboard';
import type { Job, UserProject } from '../api/types';
import { dataViewPath, segmentFilter } from '../filters';
import { formatNumber } from '@/lib/format';
import { windowSegments } from '../segments';
import { DashboardCard, FigureCard } from './DashboardCard';
import { DashboardError, DashboardSkeleton } from './DashboardStates';
import { NewsList } from './NewsList';
import { SafetyAlerts } from './SafetyAlerts';
import { WindowBars } from './WindowBars';

/** A figure of a project that opens the project's data view filtered to what it counts. */
function FigureLink({ value, to, label }: { value: number; to: string; label: string }) {
  const { i18n } = useTranslation();
  const text = formatNumber(value, i18n.language);
  if (value === 0) {
    return (
      <Text size="sm" c="dimmed" span>
        {text}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={to} size="sm" fw={600} aria-label={`${label}: ${text}`}>
      {text}
    </Anchor>
  );
}

function ProjectsTable({ projects }: { projects: UserProject[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing={8} highlightOnHover data-testid="dashboard-projects">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dashboard.projects.name')}</Table.Th>
            <Table.Th ta="right">{t('dashboard.projects.trees')}</Table.Th>
            <Table.Th ta="right">{t('dashboard.projects.openChecks')}</Table.Th>
            <Table.Th ta="right">{t('dashboard.projects.overdueWorks')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((p) => (
            <Table.Tr key={p.id} data-testid="dashboard-project" data-project={p.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Anchor component={Link} to={`/projects/${p.id}/dashboard`} size="sm" fw={500}>
                    {p.name}
                  </Anchor>
                  {p.limited && (
                    <Tooltip label={t('dashboard.projects.limitedHint')} multiline w={260}>
                      <IconLock size={14} aria-label={t('dashboard.projects.limited')} style={{ flex: 'none' }} />
                    </Tooltip>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {p.organisationName}
                </Text>
              </Table.Td>
              <Table.Td ta="right" data-testid="project-trees">
                {formatNumber(p.figures.trees + p.figures.groups, i18n.language)}
              </Table.Td>
              <Table.Td ta="right" data-testid="project-open-checks">
                <FigureLink
                  value={p.figures.open_checks}
                  to={dataViewPath(p.id, segmentFilter('openChecks', ''))}
                  label={t('dashboard.projects.openChecks')}
                />
              </Table.Td>
              <Table.Td ta="right" data-testid="project-overdue-works">
                <FigureLink
                  value={p.figures.works.overdue}
                  to={dataViewPath(p.id, segmentFilter('works', 'overdue'))}
                  label={t('dashboard.projects.overdueWorks')}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function JobStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const color = ['blue', 'orange', 'gray'][status] ?? 'gray';
  return (
    <Badge variant="light" color={color} radius="sm" data-testid="job-status" data-status={status}>
      {t(`dashboard.jobs.status.${status}`)}
    </Badge>
  );
}

function JobsList({ jobs }: { jobs: Job[] }) {
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

/** The user dashboard (/projects/dashboard): every project one can open, summed up. */
export function UserDashboard() {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const navigate = useNavigate();
  const d = useUserDashboard();
  const header = <PageHeader title={t('titles.projectsDashboard')} description={t('dashboard.userSubheading')} />;
  if (d.isPending) {
    return (
      <>
        {header}
        <DashboardSkeleton figures={5} />
      </>
    );
  }
  if (d.isError) {
    return (
      <>
        {header}
        <DashboardError message={d.error.message} onRetry={() => void d.refetch()} />
      </>
    );
  }
  const { totals, projects, jobs, news, safety } = d.data;
  if (projects.length === 0) {
    return (
      <>
        {header}
        <EmptyCard
          icon={<IconChartDonut3 size={30} stroke={1.6} />}
          title={t('empty.projectsDashboard.title')}
          text={t('empty.projectsDashboard.text')}
        />
      </>
    );
  }
  return (
    <Stack gap="md" data-testid="user-dashboard">
      {header}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
        <FigureCard
          label={t('dashboard.figures.projects')}
          value={totals.projects}
          icon={IconFolders}
          testId="figure-projects"
          onOpen={() => navigate('/projects')}
        />
        <FigureCard
          label={t('dashboard.figures.jobs')}
          value={totals.jobs}
          icon={IconClipboardList}
          testId="figure-jobs"
          onOpen={() => navigate('/jobs/dashboard')}
        />
        <FigureCard
          label={t('dashboard.figures.trees')}
          value={totals.trees}
          hint={t('dashboard.figures.groupsHint', { count: totals.groups })}
          icon={IconTree}
          testId="figure-trees"
        />
        <FigureCard
          label={t('dashboard.figures.works')}
          value={totals.open_works}
          hint={t('dashboard.figures.overdueHint', { count: totals.works.overdue })}
          icon={totals.works.overdue > 0 ? IconAlertTriangle : IconTool}
          color={totals.works.overdue > 0 ? 'red' : 'arbor'}
          testId="figure-works"
        />
        <FigureCard
          label={t('dashboard.figures.openChecks')}
          value={totals.open_checks}
          hint={t('dashboard.figures.openChecksHint')}
          icon={IconStethoscope}
          testId="figure-checks"
        />
      </SimpleGrid>
      <SafetyAlerts alerts={safety ?? []} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DashboardCard
            title={t('dashboard.cards.checks')}
            hint={t('dashboard.cards.checksHint')}
            testId="card-checks"
          >
            <WindowBars
              segments={windowSegments('checks', totals.checks, t, scheme)}
              label={t('dashboard.cards.checks')}
            />
          </DashboardCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DashboardCard title={t('dashboard.cards.works')} hint={t('dashboard.cards.worksHint')} testId="card-works">
            <WindowBars
              segments={windowSegments('works', totals.works, t, scheme)}
              label={t('dashboard.cards.works')}
            />
          </DashboardCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <DashboardCard
            title={t('dashboard.cards.projects')}
            testId="card-projects"
            action={
              <Anchor component={Link} to="/projects" size="sm">
                {t('dashboard.projects.more')}
              </Anchor>
            }
          >
            <ProjectsTable projects={projects} />
          </DashboardCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <DashboardCard
            title={t('dashboard.cards.jobs')}
            testId="card-jobs"
            action={
              <Anchor component={Link} to="/jobs/dashboard" size="sm">
                {t('dashboard.jobs.more')}
              </Anchor>
            }
          >
            <JobsList jobs={jobs} />
          </DashboardCard>
        </Grid.Col>
      </Grid>
      <DashboardCard title={t('dashboard.cards.news')} testId="card-news">
        <NewsList items={news} />
      </DashboardCard>
    </Stack>
  );
}
