import { useEffect } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useArchiveFiltered, useArchiveSelection } from './api/selection';
import { followTask, getOpenTasks, isFollowed, TaskFailed, type Task } from './api/task';
import { archiveNotice } from './components/TaskProgress';
import type { Filter } from './filter';

/**
 * Archive or activate the data view's selection or its whole filtered view, with a confirmation
 * and a notice that follows the server's work; `failed` tells any failure of the view's calls.
 */
export function useDataArchive({
  projectId,
  manager,
  selection,
  total,
  filter,
  onDone,
  onTaskDone,
}: {
  projectId: string;
  manager: boolean;
  selection: Map<string, number>;
  total: number | null;
  filter: Filter;
  /** Archived or activated from here: the selection starts over and the view reloads. */
  onDone: () => void;
  /** A task started before a reload finished. */
  onTaskDone: () => void;
}) {
  const { t } = useTranslation();
  const archiveSel = useArchiveSelection(projectId);
  const archiveAll = useArchiveFiltered(projectId);
  type MutateOptions = { onSuccess: (a: { changed: number }) => void; onError: (e: unknown) => void };
  const failed = (e: unknown) =>
    notifications.show({
      color: 'red',
      message:
        e instanceof ApiError ? e.message : e instanceof TaskFailed ? t('data.task.failed') : t('errors.generic'),
    });

  // Archive or activate the selection or the whole filtered view: confirm, then a notice that
  // stays while the server works (a city's view takes a while) and says what was done.
  const confirmArchive = (
    archive: boolean,
    {
      view,
      count,
      run,
    }: { view: boolean; count: number; run: (o: MutateOptions, onProgress: (task: Task) => void) => void },
  ) => {
    const what = archive ? 'Archive' : 'Activate';
    modals.openConfirmModal({
      title: t(view ? `data.archive.viewTitle${what}` : `data.archive.title${what}`),
      children: (
        <Text size="sm">{t(view ? `data.archive.viewText${what}` : `data.archive.text${what}`, { count })}</Text>
      ),
      labels: { confirm: t(archive ? 'data.archive.archive' : 'data.archive.activate'), cancel: t('common.cancel') },
      confirmProps: { color: archive ? 'orange' : 'arbor', 'data-testid': 'archive-confirm' } as never,
      onConfirm: () => {
        // A big view is worked on by the server in the background: its progress shows in the notice.
        const notice = archiveNotice(t, archive, count);
        run(
          {
            onSuccess: (a) => {
              notice.done(a.changed);
              onDone();
            },
            onError: (e) => {
              notice.hide();
              failed(e);
            },
          },
          notice.progress,
        );
      },
    });
  };
  const archiveSelection = (archive: boolean) => {
    const ids = [...selection.keys()];
    confirmArchive(archive, { view: false, count: ids.length, run: (o) => archiveSel.mutate({ ids, archive }, o) });
  };
  // A task started here before a reload (or on another page visit) shows its progress again.
  useEffect(() => {
    if (!manager) return;
    let gone = false;
    getOpenTasks(projectId)
      .then((open) => {
        for (const task of open) {
          if (gone || isFollowed(task.id) || task.kind === 'export') continue;
          const notice = archiveNotice(t, task.kind === 'archive', task.total);
          followTask(projectId, task, notice.progress)
            .then((done) => {
              notice.done(done.changed ?? 0);
              onTaskDone();
            })
            .catch((e: unknown) => {
              notice.hide();
              failed(e);
            });
        }
      })
      .catch(() => undefined); // the view works without; the task goes on on the server
    return () => {
      gone = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per project and role
  }, [projectId, manager]);

  const archiveView = (archive: boolean) =>
    confirmArchive(archive, {
      view: true,
      count: total ?? 0,
      run: (o, onProgress) => archiveAll.mutate({ filter, archive, onProgress }, o),
    });

  return { archiveSelection, archiveView, failed };
}
