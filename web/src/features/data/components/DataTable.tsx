import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AgGridReact } from 'ag-grid-react';
import {
  CellStyleModule,
  ColumnApiModule,
  InfiniteRowModelModule,
  LocaleModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ValidationModule,
  colorSchemeDark,
  colorSchemeLight,
  ModuleRegistry,
  themeQuartz,
  type CellClickedEvent,
  type ColDef,
  type IDatasource,
  type RowSelectedEvent,
} from 'ag-grid-community';
import type { CustomField } from '@/api/projects/settings';
import { getData, getDataTotalLater, type DataRow } from '../api/getData';
import { COLUMNS, headerWidth, sortKeyOf, toServerSort, type ColumnInfo, type SavedColumn } from '../columns';
import type { Filter } from '../filter';
import { fieldName } from './labels';
import '../data.css';

// Without its modules the grid renders nothing. Only what this table uses: all of the community
// modules made the data page's script 1.2 MB. A feature whose module is missing logs
// "AG Grid: error #200" (the e2e data flows fail on it); in development the validation module
// names the module.
ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  RowSelectionModule,
  ColumnApiModule,
  RowApiModule,
  RowStyleModule,
  CellStyleModule,
  LocaleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

const PAGE = 100;

/** Mantine's colours, so the grid looks like the rest of the app in both schemes. */
const mantineParams = {
  fontFamily: 'inherit',
  fontSize: 13,
  backgroundColor: 'var(--mantine-color-body)',
  foregroundColor: 'var(--mantine-color-text)',
  borderColor: 'var(--mantine-color-default-border)',
  accentColor: 'var(--mantine-primary-color-filled)',
  headerBackgroundColor: 'var(--mantine-color-default-hover)',
  headerFontWeight: 600,
  selectedRowBackgroundColor: 'var(--mantine-primary-color-light)',
  rowHoverColor: 'var(--mantine-color-default-hover)',
  wrapperBorderRadius: 'var(--mantine-radius-lg)',
  spacing: 6,
};
const themes = {
  light: themeQuartz.withPart(colorSchemeLight).withParams(mantineParams),
  dark: themeQuartz.withPart(colorSchemeDark).withParams(mantineParams),
};

interface Props {
  projectId: string;
  filter: Filter;
  /** A stable text of the filter: a new one starts the table over. */
  filterKey: string;
  /** Change it to load the rows again (after a change). */
  refreshKey: number;
  columns: SavedColumn[];
  onColumnsChange: (c: SavedColumn[]) => void;
  /** The server's sort list whenever the table asks for rows (an export keeps the order). */
  onSortChange?: (sort: string[]) => void;
  custom?: Record<string, CustomField>;
  selection: Map<string, number>;
  onSelectionChange: (s: Map<string, number>) => void;
  onOpenTree: (id: string) => void;
  onTotal: (n: number | null) => void;
  onError: (e: unknown) => void;
  height: number | string;
}

function formatDate(v: unknown, lang: string, time: boolean): string {
  if (typeof v !== 'string' || !v) return '';
  const d = new Date(time ? v : `${v}T00:00:00`);
  if (Number.isNaN(d.getTime())) return v;
  return new Intl.DateTimeFormat(
    lang,
    time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(d);
}

/** The data table: the filter's objects a page at a time from the server, sorted by any column. */
export function DataTable(props: Props) {
  const { projectId, filter, filterKey, refreshKey, columns, custom, selection, height } = props;
  const { t, i18n } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const grid = useRef<AgGridReact<DataRow>>(null);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  const colDef = useCallback(
    (c: ColumnInfo, s: SavedColumn): ColDef<DataRow> => {
      const lang = i18n.language;
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
    },
    [t, i18n.language, custom],
  );

  const columnDefs = useMemo(() => {
    const known = new Map(COLUMNS.map((c) => [c.id, c]));
    const defs: ColDef<DataRow>[] = [];
    for (const s of columns) {
      const c = known.get(s.colId);
      if (c) defs.push(colDef(c, s));
    }
    return defs;
  }, [columns, colDef]);

  // The grid keeps its own column order when the definitions change (maintainColumnOrder), so a
  // re-render never undoes a drag; an order that comes from elsewhere (the server's copy, a
  // reset, the project's identifying fields once its settings arrive) is applied here.
  useEffect(() => {
    const api = grid.current?.api;
    if (!api) return;
    const known = (id: string) => COLUMNS.some((c) => c.id === id);
    const shown = api
      .getColumnState()
      .map((s) => s.colId)
      .filter(known);
    const wanted = columns.map((c) => c.colId).filter(known);
    if (shown.join() !== wanted.join())
      api.applyColumnState({ state: wanted.map((colId) => ({ colId })), applyOrder: true });
  }, [columns, columnDefs]);

  const syncSelection = useCallback(() => {
    const api = grid.current?.api;
    if (!api) return;
    const want = latest.current.selection;
    api.forEachNode((node) => {
      if (!node.data) return;
      const on = want.has(node.data.id);
      if (node.isSelected() !== on) node.setSelected(on, false, 'api');
    });
  }, []);
  useEffect(syncSelection, [selection, syncSelection]);

  // The datasource that counts now: a count that comes back for an earlier filter is dropped.
  const activeSource = useRef<object | null>(null);
  const datasource = useMemo<IDatasource & { token: object }>(
    () => {
      const token = {};
      return {
        token,
        getRows: (params) => {
          const sort = toServerSort(params.sortModel as never);
          latest.current.onSortChange?.(sort);
          const limit = params.endRow - params.startRow;
          getDataTotalLater(projectId, { filter, sort, limit, offset: params.startRow })
            .then((page) => {
              if (page.total !== null) {
                params.successCallback(page.items, page.total);
                latest.current.onTotal(page.total);
              } else {
                // The rows now, the count when it is there (-1: the grid does not know the end yet).
                const end = page.items.length < limit ? params.startRow + page.items.length : -1;
                params.successCallback(page.items, end);
                latest.current.onTotal(null);
                getData(projectId, { filter, limit: 1 })
                  .then((counted) => {
                    if (activeSource.current !== token) return;
                    grid.current?.api?.setRowCount(counted.total, true);
                    latest.current.onTotal(counted.total);
                  })
                  .catch((e: unknown) => latest.current.onError(e));
              }
              setTimeout(syncSelection, 0);
            })
            .catch((e: unknown) => {
              params.failCallback();
              latest.current.onTotal(null);
              latest.current.onError(e);
            });
        },
      };
    },
    // The filter is read through its key: the same filter must not start the table over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [projectId, filterKey, syncSelection],
  );

  useEffect(() => {
    activeSource.current = datasource.token;
  }, [datasource]);

  useEffect(() => {
    const api = grid.current?.api;
    if (refreshKey === 0 || !api) return;
    // A table that knew its end (none at all, after an empty project's import) asks again from
    // the first block: purging alone reloads only the blocks it had.
    api.setRowCount(Math.max(1, api.getDisplayedRowCount()), false);
    api.purgeInfiniteCache();
  }, [refreshKey]);

  const persist = useCallback(() => {
    const api = grid.current?.api;
    if (!api) return;
    const state = api
      .getColumnState()
      .filter((s) => COLUMNS.some((c) => c.id === s.colId))
      .map((s) => ({
        colId: s.colId,
        hide: !!s.hide,
        width: s.width ?? undefined,
        pinned: (s.pinned as SavedColumn['pinned']) ?? null,
      }));
    if (JSON.stringify(state) === JSON.stringify(latest.current.columns)) return;
    latest.current.onColumnsChange(state);
  }, []);
  // Only what the person did is kept; changes the grid makes from new column definitions are not.
  const byPerson = (e: { source: string }) =>
    e.source !== 'gridOptionsChanged' && e.source !== 'api' && e.source !== 'gridInitializing';

  const onRowSelected = (e: RowSelectedEvent<DataRow>) => {
    if (e.source === 'api' || !e.node.data) return;
    const next = new Map(latest.current.selection);
    if (e.node.isSelected()) next.set(e.node.data.id, e.node.data.fid);
    else next.delete(e.node.data.id);
    latest.current.onSelectionChange(next);
  };

  const onCellClicked = (e: CellClickedEvent<DataRow>) => {
    if (!e.data || e.column.getColId() === 'ag-Grid-SelectionColumn') return;
    latest.current.onOpenTree(e.data.id);
  };

  return (
    <div style={{ height, width: '100%' }} data-testid="data-table" data-scheme={scheme}>
      <AgGridReact<DataRow>
        ref={grid}
        theme={themes[scheme]}
        rowModelType="infinite"
        cacheBlockSize={PAGE}
        maxBlocksInCache={50}
        infiniteInitialRowCount={1}
        datasource={datasource}
        columnDefs={columnDefs}
        defaultColDef={{ resizable: true, suppressHeaderMenuButton: true, minWidth: 70 }}
        getRowId={(p) => p.data.id}
        rowSelection={{ mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: false }}
        selectionColumnDef={{ pinned: 'left', width: 48 }}
        rowClassRules={{ 'arbor-row-archived': (p) => !!p.data?.archive }}
        rowHeight={38}
        headerHeight={40}
        onRowSelected={onRowSelected}
        onCellClicked={onCellClicked}
        onColumnMoved={(e) => e.finished && byPerson(e) && persist()}
        onColumnResized={(e) => e.finished && byPerson(e) && persist()}
        onColumnPinned={(e) => byPerson(e) && persist()}
        localeText={{ loadingOoo: t('data.table.loading'), noRowsToShow: t('data.table.empty') }}
        suppressCellFocus={false}
        maintainColumnOrder
      />
    </div>
  );
}
