import { Anchor, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserProject } from '../api/types';
import { dataViewPath, segmentFilter } from '../filters';
import { formatNumber } from '@/lib/format';
import { HeadedTable } from '@/components/HeadedTable';

/** A figure of a project that opens the project's data view filtered to what it counts. */
function FigureLink({ value, to, label }: { value: number; to: string; label: string }) {
  const { i18n } = useTranslation();
  const text = formatNumber(value, i18n.language);
  if (value === 0) {
    return (
      <Text size="sm" c="dimmed" span>
        {text}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={to} size="sm" fw={600} aria-label={`${label}: ${text}`}>
      {text}
    </Anchor>
  );
}

export function ProjectsTable({ projects }: { projects: UserProject[] }) {
  const { t, i18n } = useTranslation();
  return (
    <HeadedTable
      minWidth={480}
      verticalSpacing={8}
      data-testid="dashboard-projects"
      columns={[
        { label: t('dashboard.projects.name') },
        { label: t('dashboard.projects.trees'), right: true },
        { label: t('dashboard.projects.openChecks'), right: true },
        { label: t('dashboard.projects.overdueWorks'), right: true },
      ]}
    >
      {projects.map((p) => (
        <Table.Tr key={p.id} data-testid="dashboard-project" data-project={p.id}>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              <Anchor component={Link} to={`/projects/${p.id}/dashboard`} size="sm" fw={500}>
                {p.name}
              </Anchor>
              {p.limited && (
                <Tooltip label={t('dashboard.projects.limitedHint')} multiline w={260}>
                  <IconLock size={14} aria-label={t('dashboard.projects.limited')} style={{ flex: 'none' }} />
                </Tooltip>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {p.organisationName}
            </Text>
          </Table.Td>
          <Table.Td ta="right" data-testid="project-trees">
            {formatNumber(p.figures.trees + p.figures.groups, i18n.language)}
          </Table.Td>
          <Table.Td ta="right" data-testid="project-open-checks">
            <FigureLink
              value={p.figures.open_checks}
              to={dataViewPath(p.id, segmentFilter('openChecks', ''))}
              label={t('dashboard.projects.openChecks')}
            />
          </Table.Td>
          <Table.Td ta="right" data-testid="project-overdue-works">
            <FigureLink
              value={p.figures.works.overdue}
              to={dataViewPath(p.id, segmentFilter('works', 'overdue'))}
              label={t('dashboard.projects.overdueWorks')}
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </HeadedTable>
  );
}
