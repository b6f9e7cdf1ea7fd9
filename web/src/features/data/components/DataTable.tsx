import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AgGridReact } from 'ag-grid-react';
import type { CellClickedEvent, ColDef, RowSelectedEvent } from 'ag-grid-community';
import type { CustomField } from '@/api/projects/settings';
import type { DataRow } from '../api/getData';
import { COLUMNS, type ColumnInfo, type SavedColumn } from '../columns';
import type { Filter } from '../filter';
import { columnDef } from './columnDef';
import { PAGE, themes } from './gridSetup';
import { useGridSource } from './useGridSource';
import '../data.css';

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
    (c: ColumnInfo, s: SavedColumn) => columnDef(t, i18n.language, custom, c, s),
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

  const datasource = useGridSource(projectId, filter, filterKey, grid, latest, syncSelection);

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
