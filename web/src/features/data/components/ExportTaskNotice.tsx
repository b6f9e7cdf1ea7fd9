import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import i18next, { type TFunction } from 'i18next';
import { formatDate } from '@/lib/trees/format';
import { followTask, TaskFailed, taskDownloadURL, type Task } from '../api/task';
import { TaskProgress } from './TaskProgress';

/**
 * A notice that follows a big export in the queue: its progress, then a link to the file, kept
 * for some days (docs/API.md "Exports"). One may leave: the data view shows it again on return.
 */
export function followExport(t: TFunction, projectId: string, task: Task) {
  const working = (n: number) => t('exports.queued.working', { count: n });
  const id = notifications.show({
    loading: true,
    autoClose: false,
    withCloseButton: false,
    message: <TaskProgress task={task} label={working(task.total)} />,
  });
  followTask(projectId, task, (step) =>
    notifications.update({
      id,
      loading: true,
      autoClose: false,
      withCloseButton: false,
      message: <TaskProgress task={step} label={working(step.total)} />,
    }),
  )
    .then((done) =>
      notifications.update({
        id,
        loading: false,
        autoClose: false,
        withCloseButton: true,
        color: 'arbor',
        message: (
          <Stack gap={4} data-testid="export-ready">
            <Text size="sm">{t('exports.queued.ready', { count: done.done })}</Text>
            {done.download && (
              <>
                <Anchor
                  href={taskDownloadURL(projectId, done.id)}
                  download={done.download.name}
                  data-testid="export-download"
                >
                  {t('exports.queued.download', { name: done.download.name })}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('exports.queued.kept', { date: formatDate(done.download.expires_at, i18next.language) })}
                </Text>
              </>
            )}
          </Stack>
        ),
      }),
    )
    .catch((e: unknown) =>
      notifications.update({
        id,
        loading: false,
        autoClose: 8000,
        withCloseButton: true,
        color: 'red',
        message: e instanceof TaskFailed ? t('exports.queued.failed') : t('errors.generic'),
      }),
    );
}
