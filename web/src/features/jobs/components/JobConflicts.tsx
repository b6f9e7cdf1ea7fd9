import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconLockOff, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useApplyConflict } from '../api/applyConflict';
import { useResolveConflict } from '../api/resolveConflict';
import type { Job, JobConflict } from '@/api/jobs/types';
import { EditConflictFields } from './EditConflictFields';
import { MutationConfirm } from '@/components/MutationConfirm';
import { JobCard } from './JobCard';

/**
 * The conflicts kept on the job (broken locks, crews' edits that met a newer version), oldest
 * first. Management resolves them one by one — an edit by applying it or keeping the current
 * values; a resolved one stays listed with who resolved it: nothing is dropped.
 */
export function JobConflicts({ job, manage }: { job: Job; manage: boolean }) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveConflict();
  const apply = useApplyConflict();
  const [applying, setApplying] = useState<number | null>(null);
  const list = job.conflicts ?? [];
  const who = (name?: string) => name || t('jobs.conflicts.unknownPerson');
  const when = (at?: string) => (at ? new Date(at).toLocaleString(i18n.language) : '');
  const object = (c: JobConflict) =>
    t(c.single_tree === false ? 'jobs.conflicts.group' : 'jobs.conflicts.tree', {
      number: c.number_text ? `${c.number} ${c.number_text}` : c.number,
    });
  const open = list.filter((c) => !c.resolved_at).length;
  // Keeping the current values (an edit) and resolving (anything else) are the same call.
  const resolveProps = (i: number) => ({
    loading: resolve.isPending && resolve.variables?.index === i,
    onClick: () => resolve.mutate({ projectId: job.project, jobId: job.id, index: i }),
  });
  const target = applying === null ? undefined : list[applying];

  const title = (c: JobConflict) => {
    if (c.kind === 'lock_broken')
      return t('jobs.conflicts.lockBroken', { by: who(c.by_alias), holder: who(c.holder_alias) });
    if (c.kind === 'edit') return t('jobs.conflicts.edit', { object: object(c), by: who(c.by_alias) });
    return t('jobs.conflicts.other', { kind: c.kind });
  };
  const resolved = (c: JobConflict) => {
    const args = { name: who(c.resolved_alias), at: when(c.resolved_at) };
    if (c.resolution === 'applied') return t('jobs.conflicts.appliedBy', args);
    if (c.resolution === 'kept') return t('jobs.conflicts.keptBy', args);
    return t('jobs.conflicts.resolvedBy', args);
  };
  const icon = (c: JobConflict) => {
    if (c.resolved_at) return <IconCheck size={16} />;
    if (c.kind === 'lock_broken') return <IconLockOff size={16} />;
    if (c.kind === 'edit') return <IconPencil size={16} />;
    return <IconAlertTriangle size={16} />;
  };

  return (
    <JobCard title={t('jobs.conflicts.title')} testId="job-conflicts" data-open={open}>
      {!list.length ? (
        <Text size="sm" c="dimmed">
          {t('jobs.conflicts.none')}
        </Text>
      ) : (
        <Stack gap="md">
          {resolve.error && (
            <Alert color="red" variant="light" role="alert" data-testid="conflict-error">
              {resolve.error.message}
            </Alert>
          )}
          {list.map((c, i) => (
            <Group
              key={i}
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-testid="conflict"
              data-kind={c.kind}
              data-resolved={!!c.resolved_at}
              data-resolution={c.resolution ?? ''}
              opacity={c.resolved_at ? 0.7 : 1}
            >
              <ThemeIcon variant="light" color={c.resolved_at ? 'gray' : 'orange'} size="md" radius="xl">
                {icon(c)}
              </ThemeIcon>
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm">{title(c)}</Text>
                {c.at && (
                  <Text size="xs" c="dimmed">
                    {t('jobs.conflicts.recordedOnly', { at: when(c.at) })}
                  </Text>
                )}
                {c.kind === 'edit' && c.fields && <EditConflictFields projectId={job.project} fields={c.fields} />}
                {c.resolved_at && (
                  <Text size="xs" c="dimmed" data-testid="conflict-resolved">
                    {resolved(c)}
                  </Text>
                )}
                {!manage && !c.resolved_at && c.kind === 'edit' && (
                  <Text size="xs" c="dimmed" data-testid="conflict-waiting">
                    {t('jobs.conflicts.waiting')}
                  </Text>
                )}
                {manage && !c.resolved_at && c.kind === 'edit' && (
                  <Group gap="xs" mt={4}>
                    <Button size="compact-xs" onClick={() => setApplying(i)} data-testid="apply-conflict">
                      {t('jobs.conflicts.apply')}
                    </Button>
                    <Button size="compact-xs" variant="default" {...resolveProps(i)} data-testid="keep-current">
                      {t('jobs.conflicts.keepCurrent')}
                    </Button>
                  </Group>
                )}
              </Stack>
              {manage && !c.resolved_at && c.kind !== 'edit' && (
                <Button size="compact-xs" variant="light" {...resolveProps(i)} data-testid="resolve-conflict">
                  {t('jobs.conflicts.resolve')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <MutationConfirm
        mutation={apply}
        input={applying === null ? null : { projectId: job.project, jobId: job.id, index: applying }}
        done={() => t('jobs.conflicts.applied', { object: target ? object(target) : '' })}
        onDone={() => setApplying(null)}
        opened={target !== undefined}
        title={t('jobs.conflicts.applyTitle', { by: who(target?.by_alias) })}
        confirmLabel={t('jobs.conflicts.applyConfirm')}
        onClose={() => setApplying(null)}
        testId="apply-conflict-modal"
      >
        {target ? t('jobs.conflicts.applyText', { object: object(target), by: who(target.by_alias) }) : ''}
      </MutationConfirm>
    </JobCard>
  );
}
