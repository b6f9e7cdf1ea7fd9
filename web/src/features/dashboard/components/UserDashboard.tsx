import { Grid, Stack } from '@mantine/core';
import { IconChartDonut3, IconClipboardList, IconFolders, IconTree } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ProjectsTable } from './ProjectsTable';
import { JobsList } from './JobsList';
import { PageHeader } from '@/components/PageHeader';
import { useUserDashboard } from '../api/getUserDashboard';
import { figureOf, openChecksFigure, worksFigure } from '../figures';
import { DashboardCard, FigureRow } from './DashboardCard';
import { DashboardEmpty, DashboardPending } from './DashboardStates';
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
  const figure = figureOf(t);
  if (projects.length === 0) {
    return (
      <DashboardEmpty
        header={header}
        icon={IconChartDonut3}
        title={t('empty.projectsDashboard.title')}
        text={t('empty.projectsDashboard.text')}
      />
    );
  }
  return (
    <Stack gap="md" data-testid="user-dashboard">
      {header}
      <FigureRow
        figures={[
          { ...figure('projects', totals.projects, IconFolders), onOpen: () => navigate('/projects') },
          { ...figure('jobs', totals.jobs, IconClipboardList), onOpen: () => navigate('/jobs/dashboard') },
          {
            ...figure('trees', totals.trees, IconTree),
            hint: t('dashboard.figures.groupsHint', { count: totals.groups }),
          },
          worksFigure(t, totals.open_works, totals.works.overdue),
          openChecksFigure(t, totals.open_checks),
        ]}
      />
      <SafetyAlerts alerts={safety ?? []} />
      <Grid gap="md">
        <WindowCards checks={totals.checks} works={totals.works} />
        {[
          { key: 'projects', span: 7, to: '/projects', list: <ProjectsTable projects={projects} /> },
          { key: 'jobs', span: 5, to: '/jobs/dashboard', list: <JobsList jobs={jobs} /> },
        ].map(({ key, span, to, list }) => (
          <Grid.Col key={key} span={{ base: 12, md: span }}>
            <DashboardCard
              title={t(`dashboard.cards.${key}`)}
              testId={`card-${key}`}
              more={{ to, label: t(`dashboard.${key}.more`) }}
            >
              {list}
            </DashboardCard>
          </Grid.Col>
        ))}
      </Grid>
      <DashboardCard title={t('dashboard.cards.news')} testId="card-news">
        <NewsList items={news} />
      </DashboardCard>
    </Stack>
  );
}
