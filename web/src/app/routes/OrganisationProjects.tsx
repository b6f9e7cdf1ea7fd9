import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFolders, IconPlus, IconUsers, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeadedTable } from '@/components/HeadedTable';
import { CardHeading } from '@/components/CardHeading';
import { EmptyNote } from '@/components/EmptyNote';
import { useProjects } from '@/api/projects/getProjects';
import { AccessBadge } from '@/features/projects/components/ProjectBadges';
import { ProjectTable } from '@/features/projects/components/ProjectTable';
import { CreateProjectModal } from '@/features/projects/components/CreateProjectModal';
import { useAssignments } from '@/features/organisations/api/getAssignments';
import type { Organisation } from '@/api/organisations/types';
import { canEditOrganisation, isAdmin } from '@/api/organisations/organisation';

function TableSkeleton() {
  return (
    <Stack gap="xs" data-testid="loading">
      <Skeleton h={34} />
      <Skeleton h={34} />
      <Skeleton h={34} />
    </Stack>
  );
}

/** A table in a card: grey rows while it loads, a note when it holds nothing, else the table. */
function TableOrNote<T>({
  query,
  note,
  children,
}: {
  query: { isPending: boolean; data?: T[] };
  note: { icon: Icon; title: string; text: string };
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <TableSkeleton />;
  if (!query.data?.length) return <EmptyNote {...note} icon={<note.icon size={24} stroke={1.6} />} py="lg" />;
  return children(query.data);
}

function Assignments({ organisation: o }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const list = useAssignments(o.id);
  return (
    <Card padding="xl" data-testid="assignments">
      <CardHeading title={t('assignments.heading')} text={t('assignments.text')} mb="md" />
      <TableOrNote
        query={list}
        note={{ icon: IconUsers, title: t('assignments.emptyTitle'), text: t('assignments.emptyText') }}
      >
        {(assignments) => (
          <HeadedTable
            minWidth={560}
            columns={[
              { label: t('assignments.project') },
              { label: t('assignments.person') },
              { label: t('assignments.access') },
            ]}
            verticalSpacing="sm"
            data-testid="assignments-table"
          >
            {assignments.map((a) => {
              const name = `${a.firstName} ${a.lastName}`.trim();
              return (
                <Table.Tr
                  key={`${a.projectId}:${a.userId ?? a.email}`}
                  data-testid="assignment-row"
                  data-email={a.email}
                >
                  <Table.Td>
                    <Anchor component={Link} to={`/projects/${a.projectId}`} size="sm" fw={500}>
                      {a.projectName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      <Group gap={6}>
                        <Text size="sm" fw={500}>
                          {name || a.email}
                        </Text>
                        {a.pending && (
                          <Badge size="xs" variant="outline" color="yellow" radius="sm" data-testid="pending-badge">
                            {t('members.pending')}
                          </Badge>
                        )}
                      </Group>
                      {name && (
                        <Text size="xs" c="dimmed">
                          {a.email}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <AccessBadge access={a.access} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </HeadedTable>
        )}
      </TableOrNote>
    </Card>
  );
}

/** The organisation's projects, "Create project" for administrators, and who has access to what. */
export function OrganisationProjects({ organisation: o }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projects = useProjects(o.id);
  const [opened, { open, close }] = useDisclosure(false);
  const canCreate = canEditOrganisation(o);
  return (
    <Stack gap="lg">
      <Card padding="xl" data-testid="organisation-projects">
        <Group justify="space-between" align="flex-start" mb="md" gap="sm">
          <CardHeading title={t('organisation.projectsHeading')} text={t('organisation.projectsText')} />
          {canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={open} data-testid="create-project">
              {t('projects.create')}
            </Button>
          )}
        </Group>
        <TableOrNote
          query={projects}
          note={{
            icon: IconFolders,
            title: t('empty.projects.title'),
            text: canCreate ? t('organisation.projectsEmptyAdmin') : t('organisation.projectsEmpty'),
          }}
        >
          {(list) => <ProjectTable projects={list} testId="organisation-project-table" />}
        </TableOrNote>
      </Card>
      {isAdmin(o) && <Assignments organisation={o} />}
      {canCreate && (
        <CreateProjectModal
          opened={opened}
          onClose={close}
          organisationId={o.id}
          onCreated={(p) => {
            close();
            notifications.show({ color: 'arbor', message: t('projects.created', { name: p.name }) });
            void navigate(`/projects/${p.id}`);
          }}
        />
      )}
    </Stack>
  );
}
