import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Select, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useProjects } from '@/api/projects/getProjects';
import { useProjectJobs } from '@/api/jobs/getProjectJobs';
import { useJobOverlap } from '../api/existsInJobs';
import type { JobOverlap, JobSelection } from '@/api/jobs/types';
import { JobStatusBadge } from './JobStatusBadge';
import { RemoveFromJobModal } from './RemoveFromJobModal';
import { AddToJobModal } from './AddToJobModal';

/**
 * The job manager of a tree, group or work (docs/PRODUCT.md §2): the unfinished jobs it belongs to, and for
 * the project's management adding it to a job or removing it from one.
 */
export function JobManager({ projectId, treeId, actionId }: { projectId: string; treeId?: string; actionId?: string }) {
  const { t } = useTranslation();
  const selection: JobSelection = actionId ? { actions: [actionId] } : { ids: treeId ? [treeId] : [] };
  const has = !!(treeId || actionId);
  const belongs = useJobOverlap(projectId, selection, has);
  const projects = useProjects();
  const manage = projects.data?.find((p) => p.id === projectId)?.role === 'manager';
  const jobs = useProjectJobs(projectId, manage);
  const [target, setTarget] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<JobOverlap | null>(null);
  const inJobs = new Set((belongs.data ?? []).map((o) => o.job));
  const candidates = (jobs.data ?? []).filter((j) => j.status === 0 && !inJobs.has(j.id));
  const [adding, setAdding] = useState(false);

  if (!has) return null;
  return (
    <Stack gap="sm" data-testid="job-manager">
      {belongs.isPending ? (
        <Skeleton h={28} />
      ) : !belongs.data?.length ? (
        <Text size="sm" c="dimmed">
          {t('jobs.manager_.none')}
        </Text>
      ) : (
        belongs.data.map((o) => (
          <Group key={o.job} justify="space-between" wrap="nowrap" data-testid="object-job" data-job={o.job}>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/jobs/${o.job}`} size="sm" fw={600} truncate>
                {o.name}
              </Anchor>
              <JobStatusBadge status={o.status} size="xs" />
            </Group>
            {manage && (
              <Tooltip label={t('jobs.manager_.removeFrom', { name: o.name })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={t('jobs.manager_.removeFrom', { name: o.name })}
                  onClick={() => setRemoving(o)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ))
      )}
      {manage ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            size="xs"
            label={t('jobs.manager_.addTo')}
            placeholder={t('jobs.add.jobPlaceholder')}
            data={candidates.map((j) => ({ value: j.id, label: j.name }))}
            value={target}
            onChange={setTarget}
            style={{ flex: 1 }}
            data-testid="job-manager-select"
          />
          <Button size="xs" disabled={!target} onClick={() => setAdding(true)}>
            {t('jobs.manager_.add')}
          </Button>
          <Tooltip label={t('jobs.add.new')}>
            <ActionIcon size="lg" variant="light" aria-label={t('jobs.add.new')} onClick={() => setCreating(true)}>
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {t('jobs.manager_.readOnly')}
        </Text>
      )}
      {/* Adding goes through the modal, so the warning about other jobs is never skipped. */}
      {(adding || creating) && (
        <AddToJobModal
          projectId={projectId}
          selection={selection}
          opened
          onClose={() => {
            setAdding(false);
            setCreating(false);
          }}
          onDone={() => setTarget(null)}
          initialJob={adding ? (target ?? undefined) : undefined}
          initialMode={creating ? 'new' : 'existing'}
        />
      )}
      {removing && (
        <RemoveFromJobModal
          projectId={projectId}
          job={{ id: removing.job, name: removing.name }}
          selection={selection}
          what={t('jobs.remove.selectionWhat')}
          opened
          onClose={() => setRemoving(null)}
        />
      )}
    </Stack>
  );
}
