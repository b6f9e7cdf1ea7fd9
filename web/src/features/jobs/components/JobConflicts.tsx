import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconLockOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Job } from '../api/types';

/** The conflicts kept on the job (broken locks, colliding edits), oldest first: nothing is dropped. */
export function JobConflicts({ job }: { job: Job }) {
  const { t, i18n } = useTranslation();
  const list = job.conflicts ?? [];
  const who = (name?: string) => name || t('jobs.conflicts.unknownPerson');
  return (
    <Card padding="lg" data-testid="job-conflicts">
      <Title order={3} fz="md" mb="sm">
        {t('jobs.conflicts.title')}
      </Title>
      {!list.length ? (
        <Text size="sm" c="dimmed">
          {t('jobs.conflicts.none')}
        </Text>
      ) : (
        <Stack gap="sm">
          {list.map((c, i) => (
            <Group key={i} gap="sm" wrap="nowrap" align="flex-start" data-testid="conflict" data-kind={c.kind}>
              <ThemeIcon variant="light" color="orange" size="md" radius="xl">
                {c.kind === 'lock_broken' ? <IconLockOff size={16} /> : <IconAlertTriangle size={16} />}
              </ThemeIcon>
              <Stack gap={0}>
                <Text size="sm">
                  {c.kind === 'lock_broken'
                    ? t('jobs.conflicts.lockBroken', { by: who(c.by_alias), holder: who(c.holder_alias) })
                    : t('jobs.conflicts.other', { kind: c.kind })}
                </Text>
                {c.at && (
                  <Text size="xs" c="dimmed">
                    {t('jobs.conflicts.recordedOnly', { at: new Date(c.at).toLocaleString(i18n.language) })}
                  </Text>
                )}
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
