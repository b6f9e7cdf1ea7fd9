import { Anchor, Card, Grid, Group, List, SimpleGrid, Stack, Skeleton, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingCommunity, IconClipboardList, IconStethoscope, IconTrees, IconFolders } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/api/auth/getSession';
import { EmptyNote } from '@/components/EmptyNote';
import { PageHeader } from '@/components/PageHeader';
import { StatCard } from '@/components/StatCard';
import { useProjects } from '@/api/projects/getProjects';
import { AddProjectButton } from '@/features/projects/components/AddProjectButton';
import { ProjectCard } from '@/features/projects/components/ProjectCard';
import { useUserDashboard } from '@/features/dashboard/api/getUserDashboard';
import { InvitationsNotice } from '@/features/user/components/InvitationsNotice';

/** The first steps of a new user, each leading where it is taken. */
const GETTING_STARTED = [
  { icon: IconBuildingCommunity, to: '/organisations', text: 'home.step1' },
  { icon: IconFolders, to: '/projects', text: 'home.step2' },
  { icon: IconStethoscope, to: '/help', text: 'home.step3' },
];

export default function HomePage() {
  const { t } = useTranslation();
  const user = useSession().data?.user;
  const projects = useProjects();
  const recent = (projects.data ?? []).slice(0, 6);
  const totals = useUserDashboard().data?.totals;
  return (
    <Stack gap="xl">
      <PageHeader
        title={t('home.greeting', { name: user?.firstName ?? '' })}
        description={t('home.subheading')}
        actions={<AddProjectButton />}
      />
      <InvitationsNotice />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <StatCard size="lg" label={t('home.stats.projects')} icon={IconFolders} value={projects.data?.length ?? 0} />
        <StatCard size="lg" label={t('home.stats.jobs')} icon={IconClipboardList} value={totals?.jobs} />
        {/* Trees and groups, as the label says (the dashboards show trees and groups apart). */}
        <StatCard
          size="lg"
          label={t('home.stats.trees')}
          icon={IconTrees}
          value={totals ? totals.trees + totals.groups : 0}
          testId="home-objects"
        />
        <StatCard size="lg" label={t('home.stats.checks')} icon={IconStethoscope} value={totals?.open_checks} />
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card padding="xl" h="100%" data-testid="recent-projects">
            <Group justify="space-between" mb="md">
              <Title order={3} fz="lg">
                {t('home.recentProjects')}
              </Title>
              {(projects.data?.length ?? 0) > 0 && (
                <Anchor component={Link} to="/projects" size="sm" fw={500}>
                  {t('home.allProjects')}
                </Anchor>
              )}
            </Group>
            {projects.isPending ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="loading">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} h={72} radius="lg" />
                ))}
              </SimpleGrid>
            ) : recent.length ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="recent-project-list">
                {recent.map((p) => (
                  <ProjectCard key={p.id} project={p} />
                ))}
              </SimpleGrid>
            ) : (
              <EmptyNote
                icon={<IconTrees size={28} stroke={1.6} />}
                title={t('home.emptyTitle')}
                text={t('home.emptyText')}
              />
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card padding="xl" h="100%">
            <Title order={3} fz="lg" mb="md">
              {t('home.gettingStarted')}
            </Title>
            <List spacing="md" size="sm">
              {GETTING_STARTED.map(({ icon: Icon, to, text }) => (
                <List.Item
                  key={to}
                  icon={
                    <ThemeIcon size={24} radius="xl" variant="light" color="arbor">
                      <Icon size={14} />
                    </ThemeIcon>
                  }
                >
                  <Anchor component={Link} to={to} size="sm" data-testid="home-step">
                    {t(text)}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
