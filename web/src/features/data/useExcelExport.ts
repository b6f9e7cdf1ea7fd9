import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomField } from '@/api/projects/settings';
import type { Project } from '@/api/projects/types';
import { fileName, saveBlob } from '@/api/exports/exports';
import { exportAllTrees, exportColumns, exportList } from './api/exportList';
import { fileOrTask, getOpenTasks, isFollowed } from './api/task';
import { followExport } from './components/ExportTaskNotice';
import type { Filter } from './filter';
import type { useColumns } from './useColumns';

/** What the Export menu takes away directly. */
export type ExportKind = 'visible' | 'all' | 'project';

/** The data view's Excel list; `sortRef` is kept up to date with the table's sort. */
export function useExcelExport({
  project,
  filter,
  selection,
  columns,
  custom,
  onError,
}: {
  project: Pick<Project, 'id' | 'name'>;
  filter: Filter;
  selection: Map<string, number>;
  columns: ReturnType<typeof useColumns>[0];
  custom: Record<string, CustomField> | undefined;
  onError: (e: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  // The Excel list: the selection if there is one, else the whole view, as the table shows it.
  const sortRef = useRef<string[]>([]);
  const [exporting, setExporting] = useState(false);
  /** The view or selection, with the visible columns or every field; or the whole project. */
  const exportExcel = async (what: ExportKind = 'visible') => {
    const body = selection.size ? { ...filter, ids: [...selection.keys()] } : filter;
    setExporting(true);
    try {
      const got =
        what === 'project'
          ? // The whole project of a big city is made by the queue: its notice follows the task.
            await fileOrTask(await exportAllTrees(project.id, { sheet: t('data.export.sheet') }))
          : await exportList(project.id, {
              filter: body,
              sort: sortRef.current,
              columns: exportColumns(t, (k) => i18n.exists(k), columns, custom),
              all: what === 'all',
              sheet: t('data.export.sheet'),
            });
      if (!(got instanceof Blob)) {
        followExport(t, project.id, got);
        return;
      }
      saveBlob(got, fileName(project.name, 'xlsx'));
    } catch (e) {
      onError(e);
    } finally {
      setExporting(false);
    }
  };

  // A big export started before a reload (or on another visit) shows its progress again.
  useEffect(() => {
    let gone = false;
    getOpenTasks(project.id)
      .then((open) => {
        for (const task of open)
          if (!gone && task.kind === 'export' && !isFollowed(task.id)) followExport(t, project.id, task);
      })
      .catch(() => undefined); // readers may not export; the view works without
    return () => {
      gone = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per project
  }, [project.id]);

  return { exporting, exportExcel, sortRef };
}
