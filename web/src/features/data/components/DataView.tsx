import { useState } from 'react';
import { Alert, Box, Group, Stack } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import type { Polygon } from 'geojson';
import { useTreeParam } from '@/hooks/useTreeParam';
import { useSession } from '@/api/auth/getSession';
import { useProjectSettings } from '@/api/projects/settings';
import type { Project } from '@/api/projects/types';
import { MapPanel, TreeInfoWindow } from '@/components/slots';
import { MapSuspense } from '@/components/MapSuspense';
import { useColumns } from '../useColumns';
import { identifyingFields } from '../columns';
import { useDataFilter } from '../useDataFilter';
import { useDataSelection } from '../useDataSelection';
import { useDataArchive } from '../useDataArchive';
import { useExcelExport } from '../useExcelExport';
import { activeParts, type Filter } from '../filter';
import { ColumnChooser } from './ColumnChooser';
import { DataModals, type DataModal } from './DataModals';
import { DataSplit } from './DataSplit';
import { DataTable } from './DataTable';
import { DataToolbar } from './DataToolbar';
import { FilterCard } from './FilterCard';
import { FilterPanel } from './FilterPanel';
import { SavedFilters } from './SavedFilters';
import { SelectionBar } from './SelectionBar';

export interface DataViewProps {
  project: Project;
  /** "Add to job" for the selection, or for the whole filter when nothing is selected. */
  onAddToJob?: (ids: string[], filter: Filter) => void;
  /** Import a register from a file; the page composes the import wizard. */
  onImport?: () => void;
  onImportPhotos?: () => void;
  /** Changes when the page changed the project's objects (an import): the table and map read again. */
  changes?: number;
}

/**
 * The data view of a project: filter panel, table and map over one filter and one selection.
 * On a wide screen the filter sits beside map and table, which share the height; on a phone the
 * parts stand one below the other and the filter opens on demand.
 */
export function DataView({ project: p, onAddToJob, onImport, onImportPhotos, changes = 0 }: DataViewProps) {
  const session = useSession();
  const userId = session.data?.user.id ?? '';
  const settings = useProjectSettings(p.id);
  const custom = settings.data?.custom_fields;
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  const manager = p.role === 'manager' && !p.terminated;
  const canArchive = (p.role === 'manager' || p.role === 'editor') && !p.terminated;
  const canShare = p.role !== 'reader' && p.role !== '';

  const f = useDataFilter(p.id);
  const { panel, setPanel, filter, liveFilter, debouncedKey, errors, total } = f;

  // Columns, per person and project.
  const [columns, changeColumns] = useColumns(userId, p.id, identifyingFields(custom));

  const { selection, setSelection, fids, selecting, selectWhere } = useDataSelection(p.id, debouncedKey);
  const onPolygon = (polygon: Polygon) => void selectWhere({ ...liveFilter, geometry: polygon });

  const [ownRefresh, setRefreshKey] = useState(0);
  const refreshKey = ownRefresh + changes;
  const refresh = () => setRefreshKey((k) => k + 1);
  const [showMap, setShowMap] = useLocalStorage({ key: 'arbor-data-map', defaultValue: true });
  const [showPanel, setShowPanel] = useLocalStorage({ key: 'arbor-data-panel', defaultValue: true });
  // On a phone the filter takes the whole width: it opens when asked for, for this visit.
  const [phonePanel, setPhonePanel] = useState(false);
  const panelOpen = phone ? phonePanel : showPanel;
  const openPanel = (on: boolean) => (phone ? setPhonePanel(on) : setShowPanel(on));
  const [modal, setModal] = useState<DataModal>(null);

  const [tree, openTree] = useTreeParam();

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
  const info = tree ? <TreeInfoWindow projectId={p.id} treeId={tree} onClose={() => openTree(null)} /> : null;

  const map = showMap ? (
    <MapSuspense height="100%">
      <MapPanel
        projectId={p.id}
        role={p.role}
        readOnly={p.terminated}
        height="100%"
        filter={liveFilter}
        refreshKey={refreshKey}
        selection={fids}
        onOpenTree={openTree}
        focusTree={tree}
        onSelect={(x) => x.length === 0 && setSelection(new Map())}
        onSelectPolygon={onPolygon}
        aside={phone ? null : info}
      />
    </MapSuspense>
  ) : null;

  return (
    <Stack gap="md" data-testid="data-view" data-total={total ?? ''} data-selected={count} data-phone={phone}>
      {f.linkProblem && (
        <Alert
          color="yellow"
          variant="light"
          withCloseButton
          onClose={() => f.setLinkProblem(null)}
          data-testid="filter-link-problem"
        >
          {f.linkProblem}
        </Alert>
      )}
      <Group align="flex-start" gap="md" wrap={phone ? 'wrap' : 'nowrap'}>
        {panelOpen && (
          <FilterCard active={activeParts(filter)} onHide={() => openPanel(false)} wide={phone}>
            <SavedFilters
              projectId={p.id}
              manager={manager}
              canShare={canShare}
              filter={filter}
              loaded={f.loaded}
              modified={f.modified}
              onLoad={f.load}
              onShare={() => setModal('share')}
            />
            <FilterPanel projectId={p.id} panel={panel} onChange={setPanel} custom={custom} errors={errors} />
          </FilterCard>
        )}
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }} w={phone ? '100%' : undefined}>
          <DataToolbar
            showPanel={panelOpen}
            onShowPanel={() => openPanel(true)}
            active={activeParts(filter)}
            search={panel.q}
            onSearch={(q) => setPanel({ ...panel, q })}
            total={total}
            showMap={showMap}
            onToggleMap={() => setShowMap(!showMap)}
            columnChooser={<ColumnChooser columns={columns} custom={custom} onChange={changeColumns} />}
            onImport={onImport}
            onImportPhotos={onImportPhotos}
          />
          <SelectionBar
            count={count}
            total={total}
            selecting={selecting}
            may={{ manager, archive: canArchive, share: canShare, addToJob: !!onAddToJob }}
            view={panel.state}
            shareable={!!f.loaded}
            exports={{ exporting, onExport: (what) => void exportExcel(what), onExportFile: setModal }}
            onClear={() => setSelection(new Map())}
            onSelectAll={() => void selectWhere(liveFilter)}
            onMassEdit={() => setModal('mass')}
            onArchive={archiveSelection}
            onAddToJob={() => onAddToJob?.([...selection.keys()], liveFilter)}
            onShare={() => setModal('share')}
            onArchiveView={archiveView}
          />
          {errors.general && (
            <Alert color="red" variant="light" role="alert" data-testid="data-error">
              {errors.general}
            </Alert>
          )}
          {!showMap && !phone && info && <Box maw={360}>{info}</Box>}
          <DataSplit
            userId={userId}
            stacked={phone}
            map={map}
            below={phone ? info : null}
            table={
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
                onTotal={f.onTotal}
                onError={f.setTableError}
                height="100%"
              />
            }
          />
        </Stack>
      </Group>

      <DataModals
        projectId={p.id}
        projectName={p.name}
        open={modal}
        onClose={() => setModal(null)}
        ids={[...selection.keys()]}
        filter={liveFilter}
        total={total}
        custom={custom}
        loaded={f.loaded}
        onShared={f.setLoaded}
        onMassEdited={() => {
          // The changed objects may have left the filter: the selection starts over with the rows.
          setSelection(new Map());
          refresh();
        }}
      />
    </Stack>
  );
}
