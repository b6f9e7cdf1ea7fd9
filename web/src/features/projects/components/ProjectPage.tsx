import {
  Alert,
  Anchor,
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
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
import { formatNumber } from '@/lib/format';
import { PageHeader } from '@/components/PageHeader';
import { canManage } from '@/api/projects/access';
import { ProjectRoleBadge } from './ProjectBadges';
import { useProjectContext } from '@/hooks/useProjectContext';

function Figure({ label, value, icon: Icon }: { label: string; value: number; icon: typeof IconTrees }) {
  const { i18n } = useTranslation();
  return (
    <Card padding="md" className="arbor-stat">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {label}
          </Text>
          <Text fz={24} fw={700} lh={1.1}>
            {formatNumber(value, i18n.language)}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color="arbor" size={36} radius="md">
          <Icon size={20} stroke={1.7} />
        </ThemeIcon>
      </Group>
    </Card>
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
            <Anchor
              component={Link}
              to={`/organisations/${p.organisation}`}
              size="sm"
              data-testid="project-organisation"
            >
              {p.organisationName}
            </Anchor>
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
            <Button
              component={Link}
              to="dashboard"
              variant="default"
              leftSection={<IconChartDonut3 size={16} />}
              data-testid="project-dashboard-link"
            >
              {t('dashboard.open')}
            </Button>
            <Button
              component={Link}
              to="data"
              variant="light"
              leftSection={<IconTable size={16} />}
              data-testid="project-data-view"
            >
              {t('data.open')}
            </Button>
            <Button component={Link} to="map" leftSection={<IconMap2 size={16} />} data-testid="project-map">
              {t('map.open')}
            </Button>
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
        <Figure label={t('project.trees')} value={p.tree_count} icon={IconTree} />
        <Figure label={t('project.groups')} value={p.group_count} icon={IconTrees} />
        <Figure label={t('project.members')} value={p.member_count} icon={IconUsers} />
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card padding="xl" h="100%" data-testid="project-data">
            <Title order={3} fz="lg" mb="md">
              {t('project.data')}
            </Title>
            {p.tree_count + p.group_count === 0 ? (
              <Stack align="center" gap="md">
                <EmptyState
                  variant="light"
                  color="arbor"
                  icon={<IconMap2 size={28} stroke={1.6} />}
                  title={t('project.dataEmptyTitle')}
                  description={t('project.dataEmptyText')}
                  pt="xl"
                  maw={460}
                  mx="auto"
                />
                <Button component={Link} to="map" leftSection={<IconMap2 size={16} />} mb="xl">
                  {t('map.open')}
                </Button>
              </Stack>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="project-views">
                {(
                  [
                    ['map', IconMap2, t('map.open'), t('project.viewMap')],
                    ['data', IconTable, t('data.open'), t('project.viewData')],
                    ['dashboard', IconChartDonut3, t('dashboard.open'), t('project.viewDashboard')],
                  ] as const
                ).map(([to, Icon, title, text]) => (
                  <Card key={to} component={Link} to={to} withBorder padding="lg" className="arbor-link-card">
                    <Icon size={26} stroke={1.6} color="var(--mantine-primary-color-filled)" />
                    <Text fw={600} mt="sm">
                      {title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {text}
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
              <div>
                <Text size="xs" c="dimmed" fw={600}>
                  {t('project.fields.companyName')}
                </Text>
                <Text size="sm">{p.companyName || '—'}</Text>
              </div>
              <div>
                <Text size="xs" c="dimmed" fw={600}>
                  {t('project.treeNumbers')}
                </Text>
                <Text size="sm">{p.unique_number ? t('project.numbersUnique') : t('project.numbersRepeating')}</Text>
              </div>
              <div>
                <Text size="xs" c="dimmed" fw={600}>
                  {t('project.fields.note')}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {p.note || '—'}
                </Text>
              </div>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
