import { Alert, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconLockOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useResolveConflict } from '../api/resolveConflict';
import type { Job } from '../api/types';

/**
 * The conflicts kept on the job (broken locks, colliding edits), oldest first. Management resolves
 * them one by one; a resolved one stays listed with who resolved it: nothing is dropped.
 */
export function JobConflicts({ job, manage }: { job: Job; manage: boolean }) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveConflict();
  const list = job.conflicts ?? [];
  const who = (name?: string) => name || t('jobs.conflicts.unknownPerson');
  const when = (at?: string) => (at ? new Date(at).toLocaleString(i18n.language) : '');
  const open = list.filter((c) => !c.resolved_at).length;
  return (
    <Card padding="lg" data-testid="job-conflicts" data-open={open}>
      <Title order={3} fz="md" mb="sm">
        {t('jobs.conflicts.title')}
      </Title>
      {!list.length ? (
        <Text size="sm" c="dimmed">
          {t('jobs.conflicts.none')}
        </Text>
      ) : (
        <Stack gap="sm">
          {resolve.error && (
            <Alert color="red" variant="light" role="alert">
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
              opacity={c.resolved_at ? 0.65 : 1}
            >
              <ThemeIcon variant="light" color={c.resolved_at ? 'gray' : 'orange'} size="md" radius="xl">
                {c.resolved_at ? (
                  <IconCheck size={16} />
                ) : c.kind === 'lock_broken' ? (
                  <IconLockOff size={16} />
                ) : (
                  <IconAlertTriangle size={16} />
                )}
              </ThemeIcon>
              <Stack gap={2} style={{ flex: 1 }}>
                <Text size="sm">
                  {c.kind === 'lock_broken'
                    ? t('jobs.conflicts.lockBroken', { by: who(c.by_alias), holder: who(c.holder_alias) })
                    : t('jobs.conflicts.other', { kind: c.kind })}
                </Text>
                {c.at && (
                  <Text size="xs" c="dimmed">
                    {t('jobs.conflicts.recordedOnly', { at: when(c.at) })}
                  </Text>
                )}
                {c.resolved_at && (
                  <Text size="xs" c="dimmed" data-testid="conflict-resolved">
                    {t('jobs.conflicts.resolvedBy', { name: who(c.resolved_alias), at: when(c.resolved_at) })}
                  </Text>
                )}
              </Stack>
              {manage && !c.resolved_at && (
                <Button
                  size="compact-xs"
                  variant="light"
                  loading={resolve.isPending && resolve.variables?.index === i}
                  onClick={() => resolve.mutate({ projectId: job.project, jobId: job.id, index: i })}
                  data-testid="resolve-conflict"
                >
                  {t('jobs.conflicts.resolve')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
