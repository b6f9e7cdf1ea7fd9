import type { TFunction } from 'i18next';
import type { ColDef } from 'ag-grid-community';
import type { CustomField } from '@/api/projects/settings';
import type { DataRow } from '../api/getData';
import { headerWidth, sortKeyOf, type ColumnInfo, type SavedColumn } from '../columns';
import { fieldName } from './labels';

function formatDate(v: unknown, lang: string, time: boolean): string {
  if (typeof v !== 'string' || !v) return '';
  const d = new Date(time ? v : `${v}T00:00:00`);
  if (Number.isNaN(d.getTime())) return v;
  return new Intl.DateTimeFormat(
    lang,
    time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(d);
}

/** The grid's definition of one column: its header, width, how its values read, and what the
 * person last made of it (hidden, wider, pinned). A custom field the project does not use stays
 * hidden. */
export function columnDef(
  t: TFunction,
  lang: string,
  custom: Record<string, CustomField> | undefined,
  c: ColumnInfo,
  s: SavedColumn,
): ColDef<DataRow> {
  const num = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  const inactive = c.id.startsWith('general') && !custom?.[c.id]?.active;
  const def: ColDef<DataRow> = {
    colId: c.id,
    field: c.id as never,
    headerName: fieldName(t, c.id, custom),
    sortable: sortKeyOf(c) !== null,
    hide: inactive || !!s.hide,
    // No column is narrower than its header's longest word, so no header is cut (issue #24).
    minWidth: headerWidth(fieldName(t, c.id, custom)),
    width: Math.max(s.width ?? c.width ?? 0, headerWidth(fieldName(t, c.id, custom))),
    wrapHeaderText: true,
    autoHeaderHeight: true,
    pinned: s.pinned ?? null,
    lockVisible: inactive,
  };
  switch (c.kind) {
    case 'enum':
      def.valueFormatter = (p) => (p.value === null || p.value === undefined ? '' : t(`${c.labels}.${p.value}`));
      break;
    case 'date':
    case 'datetime':
      def.valueFormatter = (p) => formatDate(p.value, lang, c.kind === 'datetime');
      break;
    case 'decimal':
      def.valueFormatter = (p) => (typeof p.value === 'number' ? num.format(p.value) : '');
      def.type = 'rightAligned';
      break;
    case 'number':
      def.type = 'rightAligned';
      break;
    case 'bool':
      def.valueFormatter = (p) => (p.value === false ? t('data.kind.group') : t('data.kind.tree'));
      break;
    case 'list':
      def.valueFormatter = (p) => (Array.isArray(p.value) ? p.value.join(', ') : '');
      break;
  }
  if (c.id === 'species') {
    def.valueGetter = (p) => p.data?.species_botanical || p.data?.species_language || '';
    def.cellStyle = { fontStyle: 'italic' };
  }
  return def;
}
