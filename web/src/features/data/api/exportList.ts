import type { TFunction } from 'i18next';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { COLUMNS, type SavedColumn } from '../columns';
import type { Filter } from '../filter';
import { fieldName } from '../components/labels';
import type { CustomField } from '@/api/projects/settings';

/** A column of the Excel list: its field, heading and the names of its coded values. */
export interface ExportColumn {
  id: string;
  label: string;
  values?: Record<string, string>;
}

/**
 * The columns the table shows, in its order, with the headings and value names the person
 * reads there, so the list says the same as the table.
 */
export function exportColumns(
  t: TFunction,
  exists: (key: string) => boolean,
  columns: SavedColumn[],
  custom?: Record<string, CustomField>,
): ExportColumn[] {
  const known = new Map(COLUMNS.map((c) => [c.id, c]));
  const out: ExportColumn[] = [];
  for (const s of columns) {
    const c = known.get(s.colId);
    if (!c || s.hide || (c.id.startsWith('general') && !custom?.[c.id]?.active)) continue;
    const col: ExportColumn = { id: c.id, label: fieldName(t, c.id, custom) };
    if (c.kind === 'enum' && c.labels) {
      col.values = {};
      for (let v = 0; v <= 9; v++) if (exists(`${c.labels}.${v}`)) col.values[String(v)] = t(`${c.labels}.${v}`);
    }
    if (c.kind === 'bool') col.values = { true: t('data.kind.tree'), false: t('data.kind.group') };
    out.push(col);
  }
  return out;
}

/** POST /api/content/export: the objects of a filter (with ids: a selection) as an Excel file. */
export function exportList(
  projectId: string,
  body: { filter: Filter; sort: string[]; columns: ExportColumn[]; all?: boolean; sheet: string },
) {
  return api.post<Blob>(inProject('/api/content/export', projectId), body, { silent: true, blob: true });
}

/** POST /api/content/export-all-trees: the whole project's stock with every field, without a limit. */
export function exportAllTrees(projectId: string, body: { sheet: string }) {
  return api.post<Blob>(inProject('/api/content/export-all-trees', projectId), body, { silent: true, blob: true });
}
