import type { ReactNode } from 'react';
import { Alert, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBan,
  IconChartDonut3,
  IconMap2,
  IconSettings,
  IconTable,
  IconTree,
  IconTrees,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '@/components/EmptyNote';
import { OrganisationLink } from '@/components/OrganisationLink';
import { PageHeader } from '@/components/PageHeader';
import { StatCard } from '@/components/StatCard';
import { canManage } from '@/api/projects/access';
import { ProjectRoleBadge } from './ProjectBadges';
import { useProjectContext } from '@/hooks/useProjectContext';

/** The project's views, as the header's buttons (right to left) and the data card's links. */
const VIEWS = [
  { to: 'map', icon: IconMap2, label: 'map.open', text: 'project.viewMap', variant: 'filled', testId: 'project-map' },
  {
    to: 'data',
    icon: IconTable,
    label: 'data.open',
    text: 'project.viewData',
    variant: 'light',
    testId: 'project-data-view',
  },
  {
    to: 'dashboard',
    icon: IconChartDonut3,
    label: 'dashboard.open',
    text: 'project.viewDashboard',
    variant: 'default',
    testId: 'project-dashboard-link',
  },
] as const;

/** One fact about the project: a small grey label over its value. */
function Fact({ label, children, pre }: { label: string; children: ReactNode; pre?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={pre ? { whiteSpace: 'pre-wrap' } : undefined}>
        {children}
      </Text>
    </div>
  );
}

/** The single project page: name, organisation, my role, and the data area (map and table come later). */
export default function ProjectPage() {
  const { t } = useTranslation();
  const { project: p } = useProjectContext();
  const manager = canManage(p.role);
  return (
    <Stack gap="lg" data-testid="project-page" data-project={p.id} data-role={p.role}>
      <PageHeader
        title={<span data-testid="project-name">{p.name}</span>}
        description={
          <>
            {t('project.inOrganisation')}{' '}
            <OrganisationLink
              id={p.organisation}
              name={p.organisationName}
              size="sm"
              data-testid="project-organisation"
            />
          </>
        }
        actions={
          <Group gap="sm">
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {t('project.yourAccess')}
              </Text>
              <ProjectRoleBadge role={p.role} size="md" />
            </Group>
            {[...VIEWS].reverse().map((v) => (
              <Button
                key={v.to}
                component={Link}
                to={v.to}
                variant={v.variant}
                leftSection={<v.icon size={16} />}
                data-testid={v.testId}
              >
                {t(v.label)}
              </Button>
            ))}
            {manager && (
              <Button
                component={Link}
                to="settings/general"
                variant="default"
                leftSection={<IconSettings size={16} />}
                data-testid="project-settings"
              >
                {t('project.settings')}
              </Button>
            )}
          </Group>
        }
      />
      {p.terminated && (
        <Alert color="gray" variant="light" icon={<IconBan size={18} />} data-testid="cancelled-notice">
          {t('project.terminated')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <StatCard label={t('project.trees')} value={p.tree_count} icon={IconTree} />
        <StatCard label={t('project.groups')} value={p.group_count} icon={IconTrees} />
        <StatCard label={t('project.members')} value={p.member_count} icon={IconUsers} />
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card padding="xl" h="100%" data-testid="project-data">
            <Title order={3} fz="lg" mb="md">
              {t('project.data')}
            </Title>
            {p.tree_count + p.group_count === 0 ? (
              <EmptyNote
                icon={<IconMap2 size={28} stroke={1.6} />}
                title={t('project.dataEmptyTitle')}
                text={t('project.dataEmptyText')}
              >
                <Button component={Link} to="map" leftSection={<IconMap2 size={16} />}>
                  {t('map.open')}
                </Button>
              </EmptyNote>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="project-views">
                {VIEWS.map((v) => (
                  <Card key={v.to} component={Link} to={v.to} withBorder padding="lg" className="arbor-link-card">
                    <v.icon size={26} stroke={1.6} color="var(--mantine-primary-color-filled)" />
                    <Text fw={600} mt="sm">
                      {t(v.label)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t(v.text)}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card padding="xl" h="100%" data-testid="project-about">
            <Title order={3} fz="lg" mb="md">
              {t('project.about')}
            </Title>
            <Stack gap="sm">
              <Fact label={t('project.fields.companyName')}>{p.companyName || '—'}</Fact>
              <Fact label={t('project.treeNumbers')}>
                {p.unique_number ? t('project.numbersUnique') : t('project.numbersRepeating')}
              </Fact>
              <Fact label={t('project.fields.note')} pre>
                {p.note || '—'}
              </Fact>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
