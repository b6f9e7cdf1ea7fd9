import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomField } from '@/api/projects/settings';
import type { Project } from '@/api/projects/types';
import { exportAllTrees, exportColumns, exportList, saveFile } from './api/exportList';
import { exportGis } from '@/api/exports/exports';
import type { Filter } from './filter';
import type { useColumns } from './useColumns';

/** What the Export menu takes away directly. */
export type ExportKind = 'visible' | 'all' | 'project' | 'geojson' | 'csv';

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
      const blob =
        what === 'geojson' || what === 'csv'
          ? await exportGis(project.id, { filter: { ...body }, format: what, srid: 4326 })
          : what === 'project'
            ? await exportAllTrees(project.id, { sheet: t('data.export.sheet') })
            : await exportList(project.id, {
                filter: body,
                sort: sortRef.current,
                columns: exportColumns(t, (k) => i18n.exists(k), columns, custom),
                all: what === 'all',
                sheet: t('data.export.sheet'),
              });
      const day = new Date().toISOString().slice(0, 10);
      saveFile(
        blob,
        `${project.name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'arbor'} ${day}.${what === 'geojson' || what === 'csv' ? what : 'xlsx'}`,
      );
    } catch (e) {
      onError(e);
    } finally {
      setExporting(false);
    }
  };

  return { exporting, exportExcel, sortRef };
}
