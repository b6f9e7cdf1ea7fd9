import { Anchor, Badge, Card, Group, Table, Text } from '@mantine/core';
import { IconTrees } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeadedTable } from '@/components/HeadedTable';
import { PageHeader } from '@/components/PageHeader';
import { useProjects } from '@/api/projects/getProjects';
import { AddProjectButton } from './AddProjectButton';
import { ProjectRoleBadge } from './ProjectBadges';
import { EmptyCard, ListSkeleton } from '@/components/ListStates';

/** All my projects, most recently opened first. */
export default function ProjectsPage() {
  const { t, i18n } = useTranslation();
  const projects = useProjects();
  return (
    <>
      <PageHeader title={t('titles.projects')} description={t('projects.subheading')} actions={<AddProjectButton />} />
      {projects.isPending ? (
        <ListSkeleton />
      ) : !projects.data?.length ? (
        <EmptyCard
          icon={<IconTrees size={30} stroke={1.6} />}
          title={t('empty.projects.title')}
          text={t('empty.projects.text')}
        />
      ) : (
        <Card padding={0} data-testid="project-list">
          <HeadedTable
            minWidth={640}
            columns={[
              { label: t('projects.name') },
              { label: t('projects.organisation') },
              { label: t('projects.myRole') },
              { label: t('projects.members'), right: true },
              { label: t('projects.openedAt'), right: true },
            ]}
            verticalSpacing="md"
            horizontalSpacing="lg"
          >
            {projects.data.map((p) => (
              <Table.Tr key={p.id} data-testid="project-row">
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={`/projects/${p.id}`} fw={600} size="sm">
                      {p.name}
                    </Anchor>
                    {p.terminated && (
                      <Badge size="xs" color="gray" variant="light" radius="sm">
                        {t('organisations.status.terminated')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/organisations/${p.organisation}`} size="sm" c="dimmed">
                    {p.organisationName}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <ProjectRoleBadge role={p.role} />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{p.member_count}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c="dimmed">
                    {p.opened_at ? new Date(p.opened_at).toLocaleDateString(i18n.language) : '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </HeadedTable>
        </Card>
      )}
    </>
  );
}
