import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Select,
  Text,
  Tooltip,
  useComputedColorScheme,
} from '@mantine/core';
import { useElementSize, useHotkeys } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconCurrentLocation, IconInfoCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Point, Polygon } from 'geojson';
import { ApiError } from '@/lib/api';
import { useProjectSettings } from '@/api/projects/settings';
import {
  createTree,
  createWork,
  deleteTree,
  deleteWork,
  fetchStyle,
  fetchTileJSON,
  fetchWorkEntries,
  getTree,
  updateTreeGeometry,
  type Scheme,
} from '../api/map';
import { basemapSource, pickBasemap, usableBasemaps } from '../basemap';
import { CommandStack } from '../commands';
import { formatArea, geometryProblem } from '../geometry';
import { legendOf } from '../legend';
import { loadSettings, saveSettings, type DisplaySettings } from '../settings';
import { DrawTools } from './DrawTools';
import { Legend } from './Legend';
import { MapSettings } from './MapSettings';
import { MapView, type FeatureKind, type MapMode, type MapViewProps } from './MapView';

export interface MapPanelProps {
  projectId: string;
  /** My role in the project: readers only look, care records works, editors and managers draw. */
  role: string;
  /** A cancelled organisation: read only. */
  readOnly?: boolean;
  height?: number | string;
  /** A tree or group was clicked: its uuid. */
  onOpenTree?: (id: string) => void;
  /** The trees of a polygon selection (uuids unknown: tile feature ids). */
  onSelect?: (fids: number[]) => void;
  /** A tree or group drawn here was removed again (undo): its uuid. */
  onTreeRemoved?: (id: string) => void;
  /** Change it to load the tiles again after changes made elsewhere (the info window, the table). */
  refreshKey?: number;
  /** The tree or group open beside the map: brought into view when hidden. */
  focusTree?: string | null;
  /** A selection polygon was drawn (with the fids of the trees drawn inside it). */
  onSelectPolygon?: (polygon: Polygon, fids: number[]) => void;
  /** The filter the map shows (the data view's); none: the stock. */
  filter?: object | null;
  /** The selection shown, when the page keeps it (tile feature ids). */
  selection?: number[];
}

interface Message {
  key?: string;
  text?: string;
  color: 'red' | 'green' | 'blue';
  id: number;
}

function uuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The middle of a point or of a polygon's outer ring's box. */
function geometryCenter(g: Point | Polygon | undefined): [number, number] | null {
  if (!g) return null;
  if (g.type === 'Point') return [g.coordinates[0], g.coordinates[1]];
  const ring = g.coordinates?.[0];
  if (!ring?.length) return null;
  const xs = ring.map((c) => c[0]);
  const ys = ring.map((c) => c[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

function union(a?: number[], b?: number[]): [number, number, number, number] | undefined {
  if (!a) return b as [number, number, number, number] | undefined;
  if (!b) return a as [number, number, number, number];
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

/** Below this height (px) the legend sits beside the drawing tools, not under them. */
const SHORT_MAP = 560;

/** The project map: MapView with edit tools, display settings, legend, selection and messages. */
export default function MapPanel({
  projectId,
  role,
  readOnly,
  height = 620,
  onOpenTree,
  onSelect,
  onTreeRemoved,
  refreshKey: outsideChanges = 0,
  focusTree,
  onSelectPolygon: onPolygon,
  filter,
  selection: outerSelection,
}: MapPanelProps) {
  const { t, i18n } = useTranslation();
  const scheme = useComputedColorScheme('light') as Scheme;
  const [settings, setSettings] = useState<DisplaySettings>(() => loadSettings());
  const [mode, setMode] = useState<MapMode>('browse');
  const [innerSelection, setSelection] = useState<number[]>([]);
  const selection = outerSelection ?? innerSelection;
  const filterJSON = useMemo(() => (filter ? JSON.stringify(filter) : null), [filter]);
  const [editing, setEditing] = useState<{ key: string; geom: Point | Polygon; rev?: number } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [message, setMessage] = useState<Message | null>(null);
  const [area, setArea] = useState<{ m2: number; x: number; y: number } | null>(null);
  const [view, setView] = useState<MapViewProps['view']>();
  const [workEntry, setWorkEntry] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const versions = useRef(new Map<string, { version: number; geom: Point | Polygon }>());

  const canTrees = !readOnly && (role === 'manager' || role === 'editor');
  const canWorks = !readOnly && (role === 'manager' || role === 'editor' || role === 'care');

  const [stack] = useState(() => new CommandStack());
  const [stackState, setStackState] = useState(() => stack.state());
  useEffect(() => stack.subscribe(setStackState), [stack]);

  const style = useQuery({
    queryKey: ['map', 'style', projectId, settings.theme, scheme],
    queryFn: ({ signal }) => fetchStyle(projectId, settings.theme, scheme, signal),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  const extent = useQuery({
    queryKey: ['map', 'extent', projectId],
    queryFn: async () => {
      const [trees, groups] = await Promise.all([
        fetchTileJSON(projectId, 'trees'),
        fetchTileJSON(projectId, 'groups'),
      ]);
      return union(trees.bounds, groups.bounds) ?? null;
    },
    staleTime: Infinity,
  });
  const projectSettings = useProjectSettings(projectId);
  const basemaps = useMemo(() => usableBasemaps(projectSettings.data?.basemaps), [projectSettings.data]);
  const basemap = useMemo(
    () => pickBasemap(projectSettings.data?.basemaps, settings.basemap),
    [projectSettings.data, settings.basemap],
  );
  const basemapSpec = useMemo(() => (basemap ? basemapSource(basemap) : null), [basemap]);
  const works = useQuery({
    queryKey: ['map', 'work-entries', projectId],
    queryFn: () => fetchWorkEntries(projectId),
    enabled: mode === 'work',
    staleTime: 60_000,
  });
  const chosenWork = workEntry ?? works.data?.[0]?.id ?? null;

  const legend = useMemo(() => legendOf(style.data as never), [style.data]);

  const changeSettings = (s: DisplaySettings) => {
    setSettings(s);
    saveSettings(s);
  };

  const say = useCallback((m: Omit<Message, 'id'>) => setMessage({ ...m, id: Date.now() }), []);
  const fail = useCallback(
    (e: unknown) => {
      if (e instanceof ApiError) say({ text: e.message, color: 'red' });
      else say({ key: 'map.errors.generic', color: 'red' });
    },
    [say],
  );
  // Success messages fade; errors stay until closed or replaced.
  useEffect(() => {
    if (!message || message.color === 'red') return;
    const h = setTimeout(() => setMessage((m) => (m?.id === message.id ? null : m)), 4000);
    return () => clearTimeout(h);
  }, [message]);

  const refresh = () => setRefreshKey((k) => k + 1);

  const changeMode = (m: MapMode) => {
    setMode(m);
    setEditing(null);
    setArea(null);
    if (m !== 'browse') setMessage((cur) => (cur?.color === 'red' ? null : cur));
  };

  const run = (
    label: string,
    doIt: () => Promise<void>,
    undo: () => Promise<void>,
    done: string,
    afterFirst?: () => void,
  ) => {
    stack
      .execute({ label, run: doIt, undo })
      .then(() => {
        refresh();
        say({ key: done, color: 'green' });
        afterFirst?.();
      })
      .catch(fail);
  };

  const onDrawn = (m: MapMode, geom: Point | Polygon) => {
    setMode('browse');
    setArea(null);
    const problem = geometryProblem(geom);
    if (problem) {
      say({ key: problem, color: 'red' });
      return;
    }
    if (m === 'tree' || m === 'group') {
      const id = uuid();
      const label = m === 'tree' ? 'map.commands.createTree' : 'map.commands.createGroup';
      run(
        label,
        async () => {
          const tree = await createTree(projectId, id, geom);
          versions.current.set(id, { version: tree.version, geom });
        },
        async () => {
          await deleteTree(projectId, id);
          versions.current.delete(id);
          onTreeRemoved?.(id);
        },
        m === 'tree' ? 'map.saved.tree' : 'map.saved.group',
        // A new object opens in the info window, to be filled in.
        () => onOpenTree?.(id),
      );
    } else if (m === 'work') {
      if (!chosenWork) {
        say({ key: 'map.errors.noWorkList', color: 'red' });
        return;
      }
      const id = uuid();
      const entry = chosenWork;
      run(
        'map.commands.createWork',
        async () => void (await createWork(projectId, id, entry, geom as Point)),
        async () => void (await deleteWork(projectId, id)),
        'map.saved.work',
      );
    }
  };

  const onEdited = (key: string, geom: Point | Polygon) => {
    const problem = geometryProblem(geom);
    const before = versions.current.get(key);
    if (!before) return;
    if (problem) {
      say({ key: problem, color: 'red' });
      setEditing({ key, geom: before.geom, rev: Date.now() });
      return;
    }
    const put = async (g: Point | Polygon) => {
      const cur = versions.current.get(key)!;
      const saved = await updateTreeGeometry(projectId, key, cur.version, g);
      versions.current.set(key, { version: saved.version, geom: g });
    };
    const old = before.geom;
    run(
      'map.commands.move',
      () => put(geom),
      () => put(old),
      'map.saved.moved',
    );
  };

  const onFeatureClick = (clicked: number, kind: FeatureKind, properties: Record<string, unknown>) => {
    // A work opens the tree or group it belongs to.
    const fid = kind === 'work' ? Number(properties.tree) : clicked;
    if (!Number.isFinite(fid) || (kind === 'work' && mode === 'edit')) return;
    if (mode === 'edit') {
      if (!canTrees) return;
      getTree(projectId, fid)
        .then((tree) => {
          versions.current.set(tree.id, { version: tree.version, geom: tree.geom });
          setEditing({ key: tree.id, geom: tree.geom });
          setSelection([fid]);
        })
        .catch(fail);
      return;
    }
    setSelection([fid]);
    onSelect?.([fid]);
    getTree(projectId, fid)
      .then((tree) => onOpenTree?.(tree.id))
      .catch(fail);
  };

  const onSelectPolygon = (p: Polygon, fids: number[]) => {
    setMode('browse');
    setSelection(fids);
    onSelect?.(fids);
    onPolygon?.(p, fids);
  };

  const undo = () => {
    setEditing(null);
    stack
      .undo()
      .then((ok) => ok && (refresh(), say({ key: 'map.undone', color: 'blue' })))
      .catch(fail);
  };
  const redo = () => {
    setEditing(null);
    stack
      .redo()
      .then((ok) => ok && (refresh(), say({ key: 'map.redone', color: 'blue' })))
      .catch(fail);
  };
  useHotkeys([
    ['mod+z', () => (canTrees || canWorks) && undo()],
    ['mod+shift+z', () => (canTrees || canWorks) && redo()],
    ['mod+y', () => (canTrees || canWorks) && redo()],
    ['Escape', () => changeMode('browse')],
  ]);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      say({ key: 'map.errors.locateUnavailable', color: 'red' });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        setView({ key: `locate-${Date.now()}`, center: [pos.coords.longitude, pos.coords.latitude], zoom: 18 });
      },
      (err) => {
        setLocating(false);
        say({
          key: err.code === err.PERMISSION_DENIED ? 'map.errors.locateDenied' : 'map.errors.locateUnavailable',
          color: 'red',
        });
      },
      { enableHighAccuracy: true, timeout: 10000, maximumAge: 30000 },
    );
  };

  const ready = style.data && extent.isFetched;
  // Once the map stands, an object opened beside it is brought into view if hidden.
  useEffect(() => {
    if (!focusTree || !ready) return;
    let cancelled = false;
    getTree(projectId, focusTree)
      .then((tree) => {
        const center = geometryCenter(tree.geom);
        if (!cancelled && center) setView({ key: `focus-${focusTree}-${Date.now()}`, center, ifHidden: true });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [projectId, focusTree, ready]);

  const initialView = useMemo<MapViewProps['view']>(
    () => (extent.data ? { key: 'extent', bounds: extent.data } : { key: 'default', center: [10.45, 51.16], zoom: 5 }),
    [extent.data],
  );
  const hint = mode === 'browse' ? undefined : `map.hints.${mode}`;
  // Shorter than the drawing tools and an open legend one above the other.
  const { ref: panelRef, height: panelHeight } = useElementSize();
  const shortMap = panelHeight > 0 && panelHeight < SHORT_MAP;

  return (
    <Box
      ref={panelRef}
      pos="relative"
      h={height}
      data-testid="map-panel"
      data-mode={mode}
      data-theme={settings.theme}
      data-scheme={scheme}
      style={{
        borderRadius: 'var(--mantine-radius-lg)',
        overflow: 'hidden',
        border: '1px solid var(--mantine-color-default-border)',
        background: scheme === 'dark' ? '#1b1f22' : '#eef1ec',
      }}
    >
      {style.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} m="md" role="alert">
          {style.error instanceof ApiError ? style.error.message : t('map.errors.style')}
        </Alert>
      )}
      {!ready && !style.isError && (
        <Group justify="center" align="center" h="100%" data-testid="map-loading">
          <Loader size="sm" />
        </Group>
      )}
      {ready && style.data && (
        <MapView
          style={style.data}
          basemap={basemapSpec}
          layers={settings.layers}
          labels={settings.labels}
          mode={mode}
          selection={selection}
          editing={mode === 'edit' ? editing : null}
          refreshKey={refreshKey + outsideChanges}
          filter={filterJSON}
          view={view ?? initialView}
          onFeatureClick={onFeatureClick}
          onDrawn={onDrawn}
          onDrawArea={(m2, at) => setArea(m2 !== null && at ? { m2, x: at.x, y: at.y } : null)}
          onSelectPolygon={onSelectPolygon}
          onEdited={onEdited}
          onMessage={(key) => say({ key, color: 'blue' })}
        />
      )}

      {ready && (
        <>
          {/* Above the legend: on a short map (the data view's) the two meet, and the tools must stay usable. */}
          <Box pos="absolute" top={12} left={12} style={{ zIndex: 3 }}>
            <DrawTools
              mode={mode}
              onMode={changeMode}
              canTrees={canTrees}
              canWorks={canWorks}
              stack={stackState}
              onUndo={undo}
              onRedo={redo}
            />
          </Box>
          <Group pos="absolute" top={12} right={12} gap={8} style={{ zIndex: 6 }}>
            <Tooltip label={t('map.locate')} position="left">
              <ActionIcon
                variant="default"
                size={36}
                radius="md"
                onClick={locate}
                loading={locating}
                aria-label={t('map.locate')}
                data-testid="map-locate"
              >
                <IconCurrentLocation size={19} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
            <MapSettings
              settings={settings}
              basemaps={basemaps}
              basemap={basemap?.id ?? ''}
              onChange={changeSettings}
            />
          </Group>
          {/* On a short map the legend would reach up behind the drawing tools: it goes beside them. */}
          <Box pos="absolute" bottom={12} left={shortMap ? 66 : 12} style={{ zIndex: 2 }}>
            <Legend
              legend={legend}
              open={settings.legendOpen}
              onToggle={() => changeSettings({ ...settings, legendOpen: !settings.legendOpen })}
            />
          </Box>
          <Box
            pos="absolute"
            top={12}
            left="50%"
            style={{ transform: 'translateX(-50%)', zIndex: 2, width: 'max-content', maxWidth: 'calc(100% - 240px)' }}
          >
            {hint && (
              <Paper shadow="md" radius="xl" px="md" py={6} withBorder data-testid="map-hint">
                <Group gap="sm" wrap="nowrap">
                  <IconInfoCircle size={16} color="var(--mantine-color-blue-6)" style={{ flex: 'none' }} />
                  <Text size="sm">{t(hint)}</Text>
                  {mode === 'work' && (works.data?.length ?? 0) > 0 && (
                    <Select
                      size="xs"
                      w={200}
                      // The hint's text gives way, not the chosen work's name (it read "Bau…" in German).
                      style={{ flex: 'none' }}
                      data={(works.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
                      value={chosenWork}
                      onChange={setWorkEntry}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: false }}
                      aria-label={t('map.workEntry')}
                      data-testid="map-work-entry"
                    />
                  )}
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    onClick={() => changeMode('browse')}
                    style={{ flex: 'none' }}
                  >
                    {t('map.cancel')}
                  </Button>
                </Group>
              </Paper>
            )}
            {message && (
              <Alert
                mt={hint ? 8 : 0}
                color={message.color}
                variant="filled"
                radius="md"
                icon={message.color === 'red' ? <IconAlertTriangle size={18} /> : <IconCheck size={18} />}
                withCloseButton
                onClose={() => setMessage(null)}
                data-testid="map-message"
                data-color={message.color}
                role={message.color === 'red' ? 'alert' : 'status'}
                styles={{ root: { boxShadow: 'var(--mantine-shadow-md)' } }}
              >
                {message.text ?? t(message.key ?? '')}
              </Alert>
            )}
          </Box>
          {selection.length > 0 && mode !== 'edit' && (
            <Paper
              pos="absolute"
              bottom={12}
              left="50%"
              shadow="md"
              radius="xl"
              px="md"
              py={6}
              withBorder
              style={{ transform: 'translateX(-50%)', zIndex: 2 }}
              data-testid="map-selection"
              data-count={selection.length}
            >
              <Group gap="xs" wrap="nowrap">
                <Badge variant="filled" color="blue" radius="sm">
                  {selection.length}
                </Badge>
                <Text size="sm" fw={500}>
                  {t('map.selected', { count: selection.length })}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t('map.clearSelection')}
                  onClick={() => {
                    setSelection([]);
                    onSelect?.([]);
                  }}
                  data-testid="map-selection-clear"
                />
              </Group>
            </Paper>
          )}
          {area && (
            <Badge
              pos="absolute"
              left={area.x + 16}
              top={area.y + 16}
              size="lg"
              radius="sm"
              variant="filled"
              color="dark"
              style={{ zIndex: 2, pointerEvents: 'none', textTransform: 'none' }}
              data-testid="map-area"
            >
              {t('map.area', { area: formatArea(area.m2, i18n.language) })}
            </Badge>
          )}
        </>
      )}
    </Box>
  );
}
