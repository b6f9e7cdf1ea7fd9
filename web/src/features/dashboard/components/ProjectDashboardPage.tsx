import { Button, Grid, Group, SimpleGrid, Stack, useComputedColorScheme } from '@mantine/core';
import { IconMap2, IconTable, IconTree, IconTrees } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { useProjectContext } from '@/hooks/useProjectContext';
import { useProjectDashboard } from '../api/getProjectDashboard';
import { useNews } from '../api/getNews';
import { dataViewPath, type Condition } from '../filters';
import { figureOf, openChecksFigure, worksFigure } from '../figures';
import { valueSegments, type ValueCard } from '../segments';
import { useSegmentLink } from '../useSegmentLink';
import { ClassDonut } from './ClassDonut';
import { DashboardCard, FigureRow } from './DashboardCard';
import { DashboardEmpty, DashboardPending } from './DashboardStates';
import { NewsList } from './NewsList';
import { SafetyWarnings } from './SafetyWarnings';
import { WindowCards } from './WindowCards';

const VALUE_CARDS: ValueCard[] = ['safety', 'vitality', 'damage', 'development'];

/** The project dashboard (docs/PRODUCT.md §2): the stock's inspections, deadlines and condition by class. */
export default function ProjectDashboardPage() {
  const { t } = useTranslation();
  const { project } = useProjectContext();
  const scheme = useComputedColorScheme('light');
  const navigate = useNavigate();
  const open = useSegmentLink(project.id);
  const d = useProjectDashboard(project.id);
  const news = useNews(project.id);
  const projectNews = news.data ?? [];
  const figure = figureOf(t);
  const openData = (condition: Condition) => () => navigate(dataViewPath(project.id, { conditions: [condition] }));

  const header = (
    <PageHeader
      title={`${project.name} · ${t('dashboard.open')}`}
      description={t('dashboard.projectSubheading')}
      actions={
        <Group gap="sm">
          <Button
            component={Link}
            to={`/projects/${project.id}/map`}
            variant="default"
            leftSection={<IconMap2 size={16} />}
          >
            {t('map.open')}
          </Button>
          <Button component={Link} to={dataViewPath(project.id, {})} leftSection={<IconTable size={16} />}>
            {t('nav.data')}
          </Button>
        </Group>
      }
    />
  );

  if (d.isPending || d.isError) return <DashboardPending header={header} query={d} />;
  const f = d.data;
  if (f.trees + f.groups === 0) {
    return (
      <DashboardEmpty
        header={header}
        testId="dashboard-empty"
        icon={IconTrees}
        title={t('dashboard.empty.projectTitle')}
        text={t('dashboard.empty.projectText')}
      >
        <Button component={Link} to={`/projects/${project.id}/map`} leftSection={<IconMap2 size={16} />}>
          {t('dashboard.empty.projectAction')}
        </Button>
      </DashboardEmpty>
    );
  }
  return (
    <Stack gap="md" data-testid="project-dashboard">
      {header}
      <FigureRow
        figures={[
          { ...figure('trees', f.trees, IconTree), onOpen: openData({ field: 'single_tree', op: 'eq', value: true }) },
          {
            ...figure('groups', f.groups, IconTrees),
            onOpen: openData({ field: 'single_tree', op: 'eq', value: false }),
          },
          {
            ...worksFigure(t, f.open_works, f.works.overdue),
            onOpen: openData({ field: 'action_count', op: 'gt', value: 0 }),
          },
          { ...openChecksFigure(t, f.checks.overdue + f.checks.due), onOpen: () => open('openChecks', '') },
        ]}
      />
      <SafetyWarnings
        testId="safety-warnings"
        warnings={[
          { card: 'safetyOverdue' as const, count: f.safety_overdue, text: 'overdue' },
          { card: 'fellingsLate' as const, count: f.fellings_late, text: 'late' },
        ].map((w) => ({
          key: w.card,
          count: w.count,
          testId: `warning-${w.card}`,
          text: t(`dashboard.warnings.${w.text}`, { count: w.count, days: f.felling_warn_days }),
          onOpen: () => open(w.card, ''),
        }))}
      />
      <Grid gap="md">
        <WindowCards checks={f.checks} works={f.works} onOpen={open} />
      </Grid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {VALUE_CARDS.map((card) => (
          <DashboardCard
            key={card}
            title={t(`dashboard.cards.${card}`)}
            hint={card === 'safety' ? t('dashboard.cards.safetyHint') : undefined}
            testId={`card-${card}`}
          >
            <ClassDonut
              segments={valueSegments(card, f[card], t, scheme)}
              label={t(`dashboard.cards.${card}`)}
              onOpen={(k) => open(card, k)}
              testId={`donut-${card}`}
            />
          </DashboardCard>
        ))}
      </SimpleGrid>
      <DashboardCard title={t('dashboard.cards.news')} testId="card-news">
        <NewsList items={projectNews} showProject={false} />
      </DashboardCard>
    </Stack>
  );
}
