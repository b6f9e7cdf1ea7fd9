import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Task } from '../api/task';

/** A task's progress in a notification: what it does, a bar, and how many of how many. */
export function TaskProgress({ task, label }: { task: Task; label: string }) {
  const { t } = useTranslation();
  const share = task.total ? Math.round((task.done / task.total) * 100) : 0;
  const waiting = task.state === 'queued' || (task.state === 'running' && task.done === 0);
  return (
    <Stack gap={6} data-testid="task-progress" data-state={task.state} data-done={task.done} data-total={task.total}>
      <Text size="sm">{label}</Text>
      <Progress
        value={waiting ? 100 : share}
        striped={waiting}
        animated={waiting}
        size="sm"
        aria-label={t('data.task.progress', { done: task.done, total: task.total })}
      />
      <Text size="xs" c="dimmed">
        {t('data.task.progress', { done: task.done, total: task.total })} · {t('data.task.leave')}
      </Text>
    </Stack>
  );
}
