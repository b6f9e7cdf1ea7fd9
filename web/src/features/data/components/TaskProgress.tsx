import { Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
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

/**
 * A notice that stays while the server archives (or activates) objects: first their number, then
 * a task's progress, at last what changed. One for the selection, the whole view and a task shown
 * again after a reload.
 */
export function archiveNotice(t: TFunction, archive: boolean, count: number) {
  const working = (n: number) => t(archive ? 'data.archive.archiving' : 'data.archive.activating', { count: n });
  const id = notifications.show({ loading: true, autoClose: false, withCloseButton: false, message: working(count) });
  return {
    progress: (task: Task) =>
      notifications.update({
        id,
        loading: true,
        autoClose: false,
        withCloseButton: false,
        message: <TaskProgress task={task} label={working(task.total)} />,
      }),
    done: (changed: number) =>
      notifications.update({
        id,
        loading: false,
        autoClose: 4000,
        withCloseButton: true,
        color: 'arbor',
        message: t(archive ? 'data.archive.archived' : 'data.archive.activated', { count: changed }),
      }),
    hide: () => notifications.hide(id),
  };
}
