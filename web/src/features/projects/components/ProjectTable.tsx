import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeadedTable } from '@/components/HeadedTable';
import { OrganisationLink } from '@/components/OrganisationLink';
import type { Project } from '@/api/projects/types';
import { ProjectRoleBadge } from './ProjectBadges';

/**
 * Projects as a table: name, my role, members. Across organisations (`all`) also the organisation
 * and when I opened it last, and a cancelled project is marked; within one the company stands
 * under the name.
 */
export function ProjectTable({ projects, all, testId }: { projects: Project[]; all?: boolean; testId?: string }) {
  const { t, i18n } = useTranslation();
  const columns = [
    { label: t('projects.name') },
    ...(all ? [{ label: t('projects.organisation') }] : []),
    { label: t('projects.myRole') },
    { label: t('projects.members'), right: true },
    ...(all ? [{ label: t('projects.openedAt'), right: true }] : []),
  ];
  return (
    <HeadedTable
      minWidth={all ? 640 : 480}
      columns={columns}
      verticalSpacing={all ? 'md' : 'sm'}
      horizontalSpacing={all ? 'lg' : undefined}
      data-testid={testId}
    >
      {projects.map((p) => (
        <Table.Tr key={p.id} data-testid="project-row">
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Anchor component={Link} to={`/projects/${p.id}`} fw={600} size="sm">
                {p.name}
              </Anchor>
              {all && p.terminated && (
                <Badge size="xs" color="gray" variant="light" radius="sm">
                  {t('organisations.status.terminated')}
                </Badge>
              )}
            </Group>
            {!all && p.companyName && (
              <Text size="xs" c="dimmed">
                {p.companyName}
              </Text>
            )}
          </Table.Td>
          {all && (
            <Table.Td>
              <OrganisationLink id={p.organisation} name={p.organisationName} size="sm" c="dimmed" />
            </Table.Td>
          )}
          <Table.Td>
            <ProjectRoleBadge role={p.role} />
          </Table.Td>
          <Table.Td ta="right">
            <Text size="sm">{p.member_count}</Text>
          </Table.Td>
          {all && (
            <Table.Td ta="right">
              <Text size="sm" c="dimmed">
                {p.opened_at ? new Date(p.opened_at).toLocaleDateString(i18n.language) : '—'}
              </Text>
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    </HeadedTable>
  );
}
