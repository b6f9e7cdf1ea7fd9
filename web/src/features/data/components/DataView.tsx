import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  CloseButton,
  Group,
  Loader,
  Menu,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconArchiveOff,
  IconBriefcase,
  IconDots,
  IconEdit,
  IconFilter,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconMap,
  IconMapOff,
  IconSearch,
  IconSelectAll,
  IconFileSpreadsheet,
  IconShare,
} from '@tabler/icons-react';
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
import { useArchiveFiltered, useArchiveSelection } from '../api/selection';
import { followTask, getOpenTasks, isFollowed, TaskFailed, type Task } from '../api/task';
import { archiveNotice } from './TaskProgress';
import { useColumns } from '../useColumns';
import { exportColumns, exportList, saveFile } from '../api/exportList';
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
import { FilterPanel, type PanelErrors } from './FilterPanel';
import { MassEditModal } from './MassEditModal';
import { SavedFilters } from './SavedFilters';
import { ShareFilterModal } from './ShareFilterModal';

/** A button of the selection bar. */
function SelectionAction({
  icon: Icon,
  testId,
  children,
  ...props
}: {
  icon: typeof IconShare;
  testId: string;
  children: React.ReactNode;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button size="xs" variant="default" leftSection={<Icon size={14} />} data-testid={testId} {...props}>
      {children}
    </Button>
  );
}

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
  const { t, i18n } = useTranslation();
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

  const archiveSel = useArchiveSelection(p.id);
  const archiveAll = useArchiveFiltered(p.id);
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
              setSelection(new Map());
              refresh();
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
    getOpenTasks(p.id)
      .then((open) => {
        for (const task of open) {
          if (gone || isFollowed(task.id)) continue;
          const notice = archiveNotice(t, task.kind === 'archive', task.total);
          followTask(p.id, task, notice.progress)
            .then((done) => {
              notice.done(done.changed ?? 0);
              refresh();
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
  }, [p.id, manager]);

  const archiveView = (archive: boolean) =>
    confirmArchive(archive, {
      view: true,
      count: total ?? 0,
      run: (o, onProgress) => archiveAll.mutate({ filter: liveFilter, archive, onProgress }, o),
    });

  // The Excel list: the selection if there is one, else the whole view, as the table shows it.
  const sortRef = useRef<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const exportExcel = async () => {
    const filter = count ? { ...liveFilter, ids: [...selection.keys()] } : liveFilter;
    setExporting(true);
    try {
      const blob = await exportList(p.id, {
        filter,
        sort: sortRef.current,
        columns: exportColumns(t, (k) => i18n.exists(k), columns, custom),
        sheet: t('data.export.sheet'),
      });
      const day = new Date().toISOString().slice(0, 10);
      saveFile(blob, `${p.name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'arbor'} ${day}.xlsx`);
    } catch (e) {
      failed(e);
    } finally {
      setExporting(false);
    }
  };

  const count = selection.size;
  const fmt = new Intl.NumberFormat(i18n.language);
  const archivedView = panel.state === 'archived';
  const mixedView = panel.state === 'all';

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
          <Card
            w={320}
            miw={320}
            padding="md"
            radius="lg"
            withBorder
            data-testid="filter-card"
            style={{ flex: 'none' }}
          >
            <Stack gap="md">
              <Group justify="space-between">
                <Group gap={6}>
                  <IconFilter size={16} />
                  <Text fw={650}>{t('data.filter.title')}</Text>
                  {activeParts(filter) > 0 && (
                    <Badge size="sm" variant="light" data-testid="filter-active">
                      {activeParts(filter)}
                    </Badge>
                  )}
                </Group>
                <Tooltip label={t('data.panel.hide')}>
                  <CloseButton
                    icon={<IconLayoutSidebarLeftCollapse size={16} />}
                    onClick={() => setShowPanel(false)}
                    aria-label={t('data.panel.hide')}
                  />
                </Tooltip>
              </Group>
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
            </Stack>
          </Card>
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
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm" wrap="nowrap">
              {!showPanel && (
                <Tooltip label={t('data.panel.show')}>
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconLayoutSidebarLeftExpand size={14} />}
                    onClick={() => setShowPanel(true)}
                  >
                    {t('data.filter.title')}
                  </Button>
                </Tooltip>
              )}
              <TextInput
                size="xs"
                w={260}
                leftSection={<IconSearch size={14} />}
                placeholder={t('data.search.placeholder')}
                aria-label={t('data.search.label')}
                value={panel.q}
                onChange={(e) => setPanel({ ...panel, q: e.currentTarget.value })}
                rightSection={
                  panel.q ? (
                    <CloseButton
                      size="xs"
                      onClick={() => setPanel({ ...panel, q: '' })}
                      aria-label={t('data.search.clear')}
                    />
                  ) : null
                }
                data-testid="data-search"
              />
              <Text size="sm" c="dimmed" data-testid="data-total" data-total={total ?? ''}>
                {total === null ? '…' : t('data.table.total', { count: total, formatted: fmt.format(total) })}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                variant="default"
                leftSection={showMap ? <IconMapOff size={14} /> : <IconMap size={14} />}
                onClick={() => setShowMap(!showMap)}
                data-testid="toggle-map"
              >
                {showMap ? t('data.map.hide') : t('data.map.show')}
              </Button>
              <ColumnChooser columns={columns} custom={custom} onChange={changeColumns} />
            </Group>
          </Group>

          <Card
            padding="xs"
            radius="md"
            withBorder
            data-testid="selection-bar"
            data-count={count}
            bg={count ? 'var(--mantine-primary-color-light)' : undefined}
          >
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs">
                <Badge variant={count ? 'filled' : 'light'} radius="sm" data-testid="selection-count">
                  {fmt.format(count)}
                </Badge>
                <Text size="sm">{count ? t('data.selection.count', { count }) : t('data.selection.none')}</Text>
                {count > 0 && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    onClick={() => setSelection(new Map())}
                    data-testid="selection-clear"
                  >
                    {t('data.selection.clear')}
                  </Button>
                )}
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconSelectAll size={14} />}
                  onClick={() => void selectWhere(liveFilter)}
                  loading={selecting}
                  disabled={!total}
                  data-testid="select-all"
                >
                  {t('data.selection.all')}
                </Button>
              </Group>
              <Group gap="xs">
                {manager && (
                  <SelectionAction
                    icon={IconEdit}
                    disabled={!count}
                    onClick={() => setMassOpen(true)}
                    testId="action-mass-edit"
                  >
                    {t('data.mass.action')}
                  </SelectionAction>
                )}
                {canArchive && (!archivedView || mixedView) && (
                  <SelectionAction
                    icon={IconArchive}
                    disabled={!count}
                    onClick={() => archiveSelection(true)}
                    testId="action-archive"
                  >
                    {t('data.archive.archive')}
                  </SelectionAction>
                )}
                {canArchive && (archivedView || mixedView) && (
                  <SelectionAction
                    icon={IconArchiveOff}
                    disabled={!count}
                    onClick={() => archiveSelection(false)}
                    testId="action-activate"
                  >
                    {t('data.archive.activate')}
                  </SelectionAction>
                )}
                {onAddToJob && manager && (
                  <SelectionAction
                    icon={IconBriefcase}
                    onClick={() => onAddToJob([...selection.keys()], liveFilter)}
                    testId="action-add-to-job"
                  >
                    {t('data.selection.addToJob')}
                  </SelectionAction>
                )}
                {canShare && (
                  <Tooltip label={loaded ? t('data.share.action') : t('data.share.saveFirst')}>
                    {/* A Button itself: the tooltip needs the element's ref. */}
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconShare size={14} />}
                      disabled={!loaded}
                      onClick={() => setShareOpen(true)}
                      data-testid="action-share"
                    >
                      {t('data.share.action')}
                    </Button>
                  </Tooltip>
                )}
                {canShare && (
                  <Tooltip
                    label={count ? t('data.export.selection', { count }) : t('data.export.view', { count: total ?? 0 })}
                  >
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconFileSpreadsheet size={14} />}
                      disabled={!total}
                      loading={exporting}
                      onClick={() => void exportExcel()}
                      data-testid="action-export"
                    >
                      {t('data.export.action')}
                    </Button>
                  </Tooltip>
                )}
                {manager && (
                  <Menu position="bottom-end" withinPortal>
                    {/* An icon with its name as tooltip: with the filter panel open, a labelled
                        button put the actions on a third line. */}
                    <Tooltip label={t('data.archive.view')}>
                      <Menu.Target>
                        <ActionIcon
                          size={30}
                          variant="default"
                          disabled={!total}
                          aria-label={t('data.archive.view')}
                          data-testid="action-view"
                        >
                          <IconDots size={16} />
                        </ActionIcon>
                      </Menu.Target>
                    </Tooltip>
                    <Menu.Dropdown>
                      <Menu.Label>{t('data.archive.view')}</Menu.Label>
                      {!archivedView && (
                        <Menu.Item
                          leftSection={<IconArchive size={14} />}
                          onClick={() => archiveView(true)}
                          data-testid="action-archive-view"
                        >
                          {t('data.archive.viewArchive', { count: total ?? 0 })}
                        </Menu.Item>
                      )}
                      {(archivedView || mixedView) && (
                        <Menu.Item
                          leftSection={<IconArchiveOff size={14} />}
                          onClick={() => archiveView(false)}
                          data-testid="action-activate-view"
                        >
                          {t('data.archive.viewActivate', { count: total ?? 0 })}
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Group>
            </Group>
          </Card>

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
