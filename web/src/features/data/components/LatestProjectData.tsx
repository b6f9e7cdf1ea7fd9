import { Anchor, Card, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconMap2, IconTable } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { useProjects } from '@/api/projects/getProjects';

/** /projects/data: the data view of the project opened last, or a choice of projects. */
export default function LatestProjectData() {
  const { t } = useTranslation();
  const projects = useProjects();
  if (projects.isLoading) {
    return (
      <Stack gap="md" data-testid="loading">
        <Skeleton h={30} w={260} />
        <Skeleton h={200} radius="lg" />
      </Stack>
    );
  }
  const list = projects.data ?? [];
  const latest = list
    .filter((p) => p.opened_at)
    .sort((a, b) => (b.opened_at ?? '').localeCompare(a.opened_at ?? ''))[0];
  if (latest) return <Navigate to={`/projects/${latest.id}/data`} replace />;
  return (
    <Stack gap="md" data-testid="data-picker">
      <PageHeader title={t('titles.projectsData')} description={t('data.picker.text')} />
      {list.length === 0 ? (
        <EmptyState
          variant="light"
          color="arbor"
          icon={<IconMap2 size={28} stroke={1.6} />}
          title={t('data.picker.emptyTitle')}
          description={t('data.picker.emptyText')}
          py="xl"
        />
      ) : (
        <Stack gap="xs">
          {list.map((p) => (
            <Card key={p.id} padding="md" withBorder radius="md">
              <Group justify="space-between">
                <Stack gap={0}>
                  <Anchor component={Link} to={`/projects/${p.id}/data`} fw={600} data-testid="data-picker-project">
                    {p.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {p.organisationName}
                  </Text>
                </Stack>
                <IconTable size={18} />
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
