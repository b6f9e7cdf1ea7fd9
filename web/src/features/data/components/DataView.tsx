import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Group, Loader, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Polygon } from 'geojson';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useSession } from '@/api/auth/getSession';
import { useProjectSettings } from '@/api/projects/settings';
import type { Project } from '@/api/projects/types';
import { MapPanel, TreeInfoWindow } from '@/components/slots';
import { useSavedFilters, type SavedFilter } from '../api/filters';
import { getDataIds } from '../api/getData';
import { useColumns } from '../useColumns';
import { useDataArchive } from '../useDataArchive';
import { useExcelExport } from '../useExcelExport';
import {
  activeParts,
  emptyPanel,
  filterKey,
  parseFilterParam,
  rowOfServerPart,
  toFilter,
  toPanel,
  type Filter,
  type PanelState,
} from '../filter';
import { ColumnChooser } from './ColumnChooser';
import { DataTable } from './DataTable';
import { DataToolbar } from './DataToolbar';
import { FilterCard } from './FilterCard';
import { FilterPanel, type PanelErrors } from './FilterPanel';
import { MassEditModal } from './MassEditModal';
import { SavedFilters } from './SavedFilters';
import { SelectionBar } from './SelectionBar';
import { ShareFilterModal } from './ShareFilterModal';

/** The most objects a selection takes (mass edit and archive answer with their own limit). */
export const SELECT_MAX = 20000;

export interface DataViewProps {
  project: Project;
  /** "Add to job" for the selection, or for the whole filter when nothing is selected. */
  onAddToJob?: (ids: string[], filter: Filter) => void;
}

const noErrors: PanelErrors = { rows: {}, controls: {} };

/** The data view of a project: filter panel, table and map over one filter and one selection. */
export function DataView({ project: p, onAddToJob }: DataViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const userId = session.data?.user.id ?? '';
  const settings = useProjectSettings(p.id);
  const custom = settings.data?.custom_fields;
  const saved = useSavedFilters(p.id);

  const manager = p.role === 'manager' && !p.terminated;
  const canArchive = (p.role === 'manager' || p.role === 'editor') && !p.terminated;
  const canShare = p.role !== 'reader' && p.role !== '';

  // The filter: the panel is its state; a saved filter or ?filter= fills it.
  const [panel, setPanel] = useState<PanelState>(emptyPanel);
  const [loaded, setLoaded] = useState<SavedFilter | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const param = params.get('filter');
  // ?filter= is applied once per value, when the saved filters it may name are known.
  const [applied, setApplied] = useState<string | null>(null);
  if (param !== applied) {
    const parsed = parseFilterParam(param);
    if (!parsed) setApplied(param);
    else if ('filter' in parsed) {
      setApplied(param);
      setPanel(toPanel(parsed.filter));
      setLoaded(null);
    } else if (saved.data || saved.isError) {
      setApplied(param);
      const f = saved.data?.find((x) => x.id === parsed.id);
      if (f) {
        if (loaded?.id !== f.id) {
          setPanel(toPanel(f.filter));
          setLoaded(f);
        }
        setLinkProblem(null);
      } else setLinkProblem(t('data.saved.notShared'));
    }
  }

  const filter = useMemo(() => toFilter(panel), [panel]);
  const key = filterKey(filter);
  // The table, map and counts follow the panel once typing pauses.
  const [debouncedKey, setDebouncedKey] = useState(key);
  useEffect(() => {
    if (key === debouncedKey) return;
    const h = setTimeout(() => setDebouncedKey(key), 350);
    return () => clearTimeout(h);
  }, [key, debouncedKey]);
  const liveFilter = useMemo(() => JSON.parse(debouncedKey) as Filter, [debouncedKey]);
  const modified = !!loaded && filterKey(loaded.filter) !== key;

  const load = (f: SavedFilter | null) => {
    setLoaded(f);
    setPanel(f ? toPanel(f.filter) : emptyPanel());
    setTableError(null);
    setApplied(f ? f.id : null);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (f) next.set('filter', f.id);
        else next.delete('filter');
        return next;
      },
      { replace: true },
    );
  };

  // The server's 400 names the part of the filter; the panel shows it there.
  const [tableError, setTableError] = useState<unknown>(null);
  const errors = useMemo<PanelErrors>(() => {
    if (!tableError) return noErrors;
    if (!(tableError instanceof ApiError)) return { ...noErrors, general: t('errors.generic') };
    const next: PanelErrors = { rows: {}, controls: {}, general: tableError.message };
    for (const part of Object.keys(tableError.fields)) {
      const where = rowOfServerPart(panel, part.replace(/^filter\./, ''));
      const text = tableError.fields[part] || tableError.message;
      if (where && 'row' in where) next.rows[where.row] = text;
      else if (where) next.controls[where.control] = text;
    }
    return next;
  }, [tableError, panel, t]);
  const [total, setTotal] = useState<number | null>(null);
  const onTotal = useCallback((n: number | null) => {
    setTotal(n);
    if (n !== null) setTableError(null);
  }, []);

  // Columns, per person and project.
  const [columns, changeColumns] = useColumns(userId, p.id);

  // One selection for table and map: uuid → tile feature id.
  const [selection, setSelection] = useState<Map<string, number>>(() => new Map());
  const fids = useMemo(() => [...selection.values()], [selection]);
  // Another filter, another set of rows: the selection starts over.
  const [selectionOf, setSelectionOf] = useState(debouncedKey);
  if (selectionOf !== debouncedKey) {
    setSelectionOf(debouncedKey);
    setSelection(new Map());
  }
  const [selecting, setSelecting] = useState(false);
  const selectWhere = async (f: Filter) => {
    setSelecting(true);
    try {
      const { items, total: n } = await getDataIds(p.id, f, SELECT_MAX);
      setSelection(new Map(items.map((r) => [r.id, r.fid])));
      notifications.show({
        color: n > items.length ? 'yellow' : 'arbor',
        message:
          n > items.length
            ? t('data.selection.capped', { count: items.length, total: n })
            : t('data.selection.selected', { count: items.length }),
      });
    } catch (e) {
      notifications.show({ color: 'red', message: e instanceof ApiError ? e.message : t('errors.generic') });
    } finally {
      setSelecting(false);
    }
  };
  const onPolygon = (polygon: Polygon) => void selectWhere({ ...liveFilter, geometry: polygon });

  const [refreshKey, setRefreshKey] = useState(0);
  const refresh = () => setRefreshKey((k) => k + 1);
  const [showMap, setShowMap] = useLocalStorage({ key: 'arbor-data-map', defaultValue: true });
  const [showPanel, setShowPanel] = useLocalStorage({ key: 'arbor-data-panel', defaultValue: true });
  const [massOpen, setMassOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);

  const tree = params.get('tree');
  const openTree = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('tree', id);
        else next.delete('tree');
        return next;
      },
      { replace: !!tree },
    );

  const { archiveSelection, archiveView, failed } = useDataArchive({
    projectId: p.id,
    manager,
    selection,
    total,
    filter: liveFilter,
    onDone: () => {
      setSelection(new Map());
      refresh();
    },
    onTaskDone: refresh,
  });
  const { exporting, exportExcel, sortRef } = useExcelExport({
    project: p,
    filter: liveFilter,
    selection,
    columns,
    custom,
    onError: failed,
  });

  const count = selection.size;

  return (
    <Stack gap="md" data-testid="data-view" data-total={total ?? ''} data-selected={count}>
      {linkProblem && (
        <Alert
          color="yellow"
          variant="light"
          withCloseButton
          onClose={() => setLinkProblem(null)}
          data-testid="filter-link-problem"
        >
          {linkProblem}
        </Alert>
      )}
      <Group align="flex-start" gap="md" wrap="nowrap">
        {showPanel && (
          <FilterCard active={activeParts(filter)} onHide={() => setShowPanel(false)}>
            <SavedFilters
              projectId={p.id}
              manager={manager}
              canShare={canShare}
              filter={filter}
              loaded={loaded}
              modified={modified}
              onLoad={load}
              onShare={() => setShareOpen(true)}
            />
            <FilterPanel projectId={p.id} panel={panel} onChange={setPanel} custom={custom} errors={errors} />
          </FilterCard>
        )}
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          {showMap && (
            <Box pos="relative">
              {tree && (
                <Box pos="absolute" top={60} right={12} w={300} style={{ zIndex: 5 }}>
                  <TreeInfoWindow projectId={p.id} treeId={tree} onClose={() => openTree(null)} />
                </Box>
              )}
              <Suspense
                fallback={
                  <Group h={360} justify="center">
                    <Loader size="sm" />
                  </Group>
                }
              >
                <MapPanel
                  projectId={p.id}
                  role={p.role}
                  readOnly={p.terminated}
                  height={360}
                  filter={liveFilter}
                  refreshKey={refreshKey}
                  selection={fids}
                  onOpenTree={openTree}
                  onSelect={(f) => f.length === 0 && setSelection(new Map())}
                  onSelectPolygon={onPolygon}
                />
              </Suspense>
            </Box>
          )}
          {!showMap && tree && (
            <Box maw={360}>
              <TreeInfoWindow projectId={p.id} treeId={tree} onClose={() => openTree(null)} />
            </Box>
          )}
          <DataToolbar
            showPanel={showPanel}
            onShowPanel={() => setShowPanel(true)}
            search={panel.q}
            onSearch={(q) => setPanel({ ...panel, q })}
            total={total}
            showMap={showMap}
            onToggleMap={() => setShowMap(!showMap)}
            columnChooser={<ColumnChooser columns={columns} custom={custom} onChange={changeColumns} />}
          />

          <SelectionBar
            count={count}
            total={total}
            selecting={selecting}
            may={{ manager, archive: canArchive, share: canShare, addToJob: !!onAddToJob }}
            view={panel.state}
            shareable={!!loaded}
            exporting={exporting}
            onClear={() => setSelection(new Map())}
            onSelectAll={() => void selectWhere(liveFilter)}
            onMassEdit={() => setMassOpen(true)}
            onArchive={archiveSelection}
            onAddToJob={() => onAddToJob?.([...selection.keys()], liveFilter)}
            onShare={() => setShareOpen(true)}
            onExport={() => void exportExcel()}
            onArchiveView={archiveView}
          />

          {errors.general && (
            <Alert color="red" variant="light" role="alert" data-testid="data-error">
              {errors.general}
            </Alert>
          )}
          <DataTable
            projectId={p.id}
            filter={liveFilter}
            filterKey={debouncedKey}
            refreshKey={refreshKey}
            columns={columns}
            onColumnsChange={changeColumns}
            onSortChange={(sort) => {
              sortRef.current = sort;
            }}
            custom={custom}
            selection={selection}
            onSelectionChange={setSelection}
            onOpenTree={openTree}
            onTotal={onTotal}
            onError={setTableError}
            height={showMap ? 480 : 'max(480px, calc(100vh - 300px))'}
          />
        </Stack>
      </Group>

      <MassEditModal
        projectId={p.id}
        ids={[...selection.keys()]}
        opened={massOpen}
        custom={custom}
        onClose={() => setMassOpen(false)}
        onDone={(n) => {
          setMassOpen(false);
          notifications.show({ color: 'arbor', message: t('data.mass.done', { count: n }) });
          // The changed objects may have left the filter: the selection starts over with the rows.
          setSelection(new Map());
          refresh();
        }}
      />
      <ShareFilterModal
        projectId={p.id}
        filter={loaded}
        opened={shareOpen}
        onClose={() => setShareOpen(false)}
        onShared={(f) => {
          setLoaded(f);
          setShareOpen(false);
          notifications.show({ color: 'arbor', message: t('data.share.done', { list: f.shared_with.join(', ') }) });
        }}
      />
    </Stack>
  );
}
