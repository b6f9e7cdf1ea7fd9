import { Suspense, useState } from 'react';
import { Alert, Box, Group, Loader, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Polygon } from 'geojson';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/api/auth/getSession';
import { useProjectSettings } from '@/api/projects/settings';
import type { Project } from '@/api/projects/types';
import { MapPanel, TreeInfoWindow } from '@/components/slots';
import { useColumns } from '../useColumns';
import { identifyingFields } from '../columns';
import { useDataFilter } from '../useDataFilter';
import { useDataSelection } from '../useDataSelection';
import { useDataArchive } from '../useDataArchive';
import { useExcelExport } from '../useExcelExport';
import { GaebExportModal } from '@/components/exports/GaebExportModal';
import { PdfExportModal } from '@/components/exports/PdfExportModal';
import { activeParts, type Filter } from '../filter';
import { ColumnChooser } from './ColumnChooser';
import { DataTable } from './DataTable';
import { DataToolbar } from './DataToolbar';
import { FilterCard } from './FilterCard';
import { FilterPanel } from './FilterPanel';
import { MassEditModal } from './MassEditModal';
import { SavedFilters } from './SavedFilters';
import { SelectionBar } from './SelectionBar';
import { ShareFilterModal } from './ShareFilterModal';

export interface DataViewProps {
  project: Project;
  /** "Add to job" for the selection, or for the whole filter when nothing is selected. */
  onAddToJob?: (ids: string[], filter: Filter) => void;
  /** Import a register from a file; the page composes the import wizard. */
  onImport?: () => void;
  /** Changes when the page changed the project's objects (an import): the table and map read again. */
  changes?: number;
}

/** The data view of a project: filter panel, table and map over one filter and one selection. */
export function DataView({ project: p, onAddToJob, onImport, changes = 0 }: DataViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const userId = session.data?.user.id ?? '';
  const settings = useProjectSettings(p.id);
  const custom = settings.data?.custom_fields;

  const manager = p.role === 'manager' && !p.terminated;
  const canArchive = (p.role === 'manager' || p.role === 'editor') && !p.terminated;
  const canShare = p.role !== 'reader' && p.role !== '';

  const {
    panel,
    setPanel,
    loaded,
    setLoaded,
    linkProblem,
    setLinkProblem,
    filter,
    debouncedKey,
    liveFilter,
    modified,
    load,
    errors,
    setTableError,
    total,
    onTotal,
  } = useDataFilter(p.id);

  // Columns, per person and project.
  const [columns, changeColumns] = useColumns(userId, p.id, identifyingFields(custom));

  const { selection, setSelection, fids, selecting, selectWhere } = useDataSelection(p.id, debouncedKey);
  const onPolygon = (polygon: Polygon) => void selectWhere({ ...liveFilter, geometry: polygon });

  const [ownRefresh, setRefreshKey] = useState(0);
  const refreshKey = ownRefresh + changes;
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
  const [gaebOpen, setGaebOpen] = useState(false);
  const [pdfOpen, setPdfOpen] = useState(false);

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
            onImport={onImport}
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
            onExport={(what) => void exportExcel(what)}
            onGaeb={() => setGaebOpen(true)}
            onPdf={() => setPdfOpen(true)}
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

      <PdfExportModal
        projectId={p.id}
        opened={pdfOpen}
        onClose={() => setPdfOpen(false)}
        source={{ kind: 'list', ids: [...selection.keys()] }}
      />
      <GaebExportModal
        projectId={p.id}
        projectName={p.name}
        opened={gaebOpen}
        onClose={() => setGaebOpen(false)}
        source={
          count
            ? { kind: 'selection', filter: { ...liveFilter, ids: [...selection.keys()] }, count }
            : { kind: 'view', filter: { ...liveFilter }, count: total ?? 0 }
        }
      />
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
