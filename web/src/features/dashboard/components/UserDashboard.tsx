import { Anchor, Grid, SimpleGrid, Stack } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChartDonut3,
  IconClipboardList,
  IconFolders,
  IconStethoscope,
  IconTool,
  IconTree,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ProjectsTable } from './ProjectsTable';
import { JobsList } from './JobsList';
import { PageHeader } from '@/components/PageHeader';
import { EmptyCard } from '@/components/ListStates';
import { useUserDashboard } from '../api/getUserDashboard';
import { DashboardCard, FigureCard } from './DashboardCard';
import { DashboardPending } from './DashboardStates';
import { NewsList } from './NewsList';
import { SafetyAlerts } from './SafetyAlerts';
import { WindowCards } from './WindowCards';

/** The user dashboard (/projects/dashboard): every project one can open, summed up. */
export function UserDashboard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const d = useUserDashboard();
  const header = <PageHeader title={t('titles.projectsDashboard')} description={t('dashboard.userSubheading')} />;
  if (d.isPending || d.isError) return <DashboardPending header={header} query={d} figures={5} />;
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
        <WindowCards checks={totals.checks} works={totals.works} />
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
