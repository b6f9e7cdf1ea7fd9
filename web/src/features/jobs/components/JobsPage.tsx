import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconClipboardList, IconLock, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeadedTable } from '@/components/HeadedTable';
import { PageHeader } from '@/components/PageHeader';
import { useProjects } from '@/api/projects/getProjects';
import { useMyJobs } from '../api/getMyJobs';
import { useShowCreated } from '@/hooks/useShowCreated';
import { CreateJobModal } from './CreateJobModal';
import { JobProgress } from './JobProgress';
import { JobStatusBadge } from './JobStatusBadge';
import { EmptyCard, ListSkeleton } from '@/components/ListStates';

/** /jobs: the jobs of my projects and those I take part in, with status, manager, counts and progress. */
export default function JobsPage() {
  const { t } = useTranslation();
  const jobs = useMyJobs();
  const projects = useProjects();
  const [opened, { open, close }] = useDisclosure(false);
  const showCreated = useShowCreated(close);
  const [status, setStatus] = useState('all');
  const mayCreate = (projects.data ?? []).some((p) => p.role === 'manager');
  const list = (jobs.data ?? []).filter((j) => status === 'all' || String(j.status) === status);

  const createButton = mayCreate ? (
    <Button leftSection={<IconPlus size={16} />} onClick={open} data-testid="create-job">
      {t('jobs.create')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title={t('titles.jobs')} description={t('jobs.subheading')} actions={createButton} />
      <CreateJobModal
        opened={opened}
        onClose={close}
        onCreated={(j) => showCreated(t('jobs.created', { name: j.name }), `/jobs/${j.id}`, <IconCheck size={18} />)}
      />
      {jobs.isPending ? (
        <ListSkeleton />
      ) : !jobs.data?.length ? (
        <EmptyCard icon={IconClipboardList} title={t('jobs.empty.title')} text={t('jobs.empty.text')}>
          {createButton}
        </EmptyCard>
      ) : (
        <Stack gap="md">
          <SegmentedControl
            value={status}
            onChange={setStatus}
            w="fit-content"
            data={[
              { value: 'all', label: t('jobs.filterAll') },
              { value: '0', label: t('jobs.statuses.0') },
              { value: '1', label: t('jobs.statuses.1') },
              { value: '2', label: t('jobs.statuses.2') },
            ]}
            data-testid="job-status-filter"
          />
          <Card padding={0} data-testid="job-list">
            <HeadedTable
              minWidth={820}
              columns={[
                { label: t('jobs.name') },
                { label: t('jobs.status') },
                { label: t('jobs.manager') },
                { label: t('jobs.objects') },
                { label: t('jobs.progress') },
                { label: t('jobs.myRole') },
              ]}
              verticalSpacing="md"
              horizontalSpacing="lg"
            >
              {list.map((j) => (
                <Table.Tr key={j.id} data-testid="job-row" data-job={j.id}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Group gap={6} wrap="nowrap">
                        <Anchor component={Link} to={`/jobs/${j.id}`} fw={600} size="sm">
                          {j.name}
                        </Anchor>
                        {j.locked && (
                          <Tooltip label={t('jobs.lockedBy', { name: j.locked_alias })}>
                            <IconLock size={14} aria-label={t('jobs.lockedBy', { name: j.locked_alias })} />
                          </Tooltip>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {j.projectName}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <JobStatusBadge status={j.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{j.managerAlias || t('jobs.noManager')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('jobs.treeCount', { count: j.tree_count })} · {t('jobs.groupCount', { count: j.group_count })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <JobProgress job={j} />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="default" radius="sm" size="sm">
                      {t(`jobs.roles.${j.role || 'none'}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!list.length && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      {t('jobs.empty.filtered')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </HeadedTable>
          </Card>
        </Stack>
      )}
    </>
  );
}
