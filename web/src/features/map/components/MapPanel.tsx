import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Group, Loader, useComputedColorScheme } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Polygon } from 'geojson';
import { ApiError } from '@/lib/api';
import { getTree, type Scheme } from '../api/map';
import { legendOf } from '../legend';
import { loadSettings, saveSettings, type DisplaySettings } from '../settings';
import { BasemapProblem } from './BasemapProblem';
import { DrawTools } from './DrawTools';
import { Legend } from './Legend';
import { MapControls } from './MapControls';
import { MapAside, MapNotices } from './MapNotices';
import { MapView } from './MapView';
import type { FeatureKind, MapMode, MapPanelProps, MapViewProps } from './mapTypes';
import { geometryCenter } from './mapHelpers';
import { useLocate } from './useLocate';
import { useMapData } from './useMapData';
import { useMapEdits } from './useMapEdits';
import { useMapLayout } from './useMapLayout';

export type { MapPanelProps } from './mapTypes';

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
  aside,
}: MapPanelProps) {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light') as Scheme;
  const [settings, setSettings] = useState<DisplaySettings>(() => loadSettings());
  const [mode, setMode] = useState<MapMode>('browse');
  const [innerSelection, setSelection] = useState<number[]>([]);
  const selection = outerSelection ?? innerSelection;
  const filterJSON = useMemo(() => (filter ? JSON.stringify(filter) : null), [filter]);
  const [area, setArea] = useState<{ m2: number; x: number; y: number } | null>(null);
  const [view, setView] = useState<MapViewProps['view']>();
  const [workEntry, setWorkEntry] = useState<string | null>(null);
  const [fullscreen, setFullscreen] = useState(false);

  const canTrees = !readOnly && (role === 'manager' || role === 'editor');
  const canWorks = !readOnly && (role === 'manager' || role === 'editor' || role === 'care');

  const data = useMapData(projectId, settings.theme, scheme, settings.basemap, mode === 'work');
  const { style, extent, works } = data;
  const chosenWork = workEntry ?? works.data?.[0]?.id ?? null;
  const edits = useMapEdits({ projectId, chosenWork, setMode, onOpenTree, onTreeRemoved });
  const { locate, locating } = useLocate(
    (center) => setView({ key: `locate-${Date.now()}`, center, zoom: 18 }),
    (key) => edits.say({ key, color: 'red' }),
  );
  const legend = useMemo(() => legendOf(style.data as never), [style.data]);

  const changeSettings = (s: DisplaySettings) => {
    setSettings(s);
    saveSettings(s);
  };
  const changeMode = (m: MapMode) => {
    setMode(m);
    edits.setEditing(null);
    setArea(null);
    if (m !== 'browse') edits.setMessage((cur) => (cur?.color === 'red' ? null : cur));
  };

  const onFeatureClick = (clicked: number, kind: FeatureKind, properties: Record<string, unknown>) => {
    // A work opens the tree or group it belongs to.
    const fid = kind === 'work' ? Number(properties.tree) : clicked;
    if (!Number.isFinite(fid) || (kind === 'work' && mode === 'edit')) return;
    if (mode === 'edit') {
      if (canTrees) void edits.startEdit(fid, () => setSelection([fid]));
      return;
    }
    setSelection([fid]);
    onSelect?.([fid]);
    getTree(projectId, fid)
      .then((tree) => onOpenTree?.(tree.id))
      .catch(edits.fail);
  };

  const onSelectPolygon = (p: Polygon, fids: number[]) => {
    setMode('browse');
    setSelection(fids);
    onSelect?.(fids);
    onPolygon?.(p, fids);
  };

  const may = canTrees || canWorks;
  useHotkeys([
    ['mod+z', () => may && edits.undo()],
    ['mod+shift+z', () => may && edits.redo()],
    ['mod+y', () => may && edits.redo()],
    // Escape leaves a drawing first, then full screen.
    ['Escape', () => (mode === 'browse' && fullscreen ? setFullscreen(false) : changeMode('browse'))],
  ]);

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

  // The map opens on the project's objects; an empty project over Germany.
  const initialView = useMemo<MapViewProps['view']>(
    () => (extent.data ? { key: 'extent', bounds: extent.data } : { key: 'default', center: [10.45, 51.16], zoom: 5 }),
    [extent.data],
  );
  const hint = mode === 'browse' ? undefined : `map.hints.${mode}`;
  const { panelRef, toolsRef, legendRef, panelWidth, smallMap, legendLeft } = useMapLayout();
  const [smallLegend, setSmallLegend] = useState(false);
  const legendOpen = smallMap ? smallLegend : settings.legendOpen;
  const toggleLegend = () =>
    smallMap ? setSmallLegend(!legendOpen) : changeSettings({ ...settings, legendOpen: !settings.legendOpen });

  return (
    <Box
      ref={panelRef}
      pos={fullscreen ? 'fixed' : 'relative'}
      h={fullscreen ? '100dvh' : height}
      data-testid="map-panel"
      data-mode={mode}
      data-theme={settings.theme}
      data-scheme={scheme}
      data-fullscreen={fullscreen}
      data-aside={!!aside}
      data-basemap={data.basemap?.id ?? ''}
      style={{
        ...(fullscreen ? { inset: 0, zIndex: 250 } : { borderRadius: 'var(--mantine-radius-lg)' }),
        overflow: 'hidden',
        border: fullscreen ? 'none' : '1px solid var(--mantine-color-default-border)',
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
          basemap={data.spec}
          layers={settings.layers}
          labels={settings.labels}
          mode={mode}
          selection={selection}
          editing={mode === 'edit' ? edits.editing : null}
          refreshKey={edits.refreshKey + outsideChanges}
          filter={filterJSON}
          view={view ?? initialView}
          onFeatureClick={onFeatureClick}
          onDrawn={(m, g) => {
            setArea(null);
            edits.onDrawn(m, g);
          }}
          onDrawArea={(m2, at) => setArea(m2 !== null && at ? { m2, x: at.x, y: at.y } : null)}
          onSelectPolygon={onSelectPolygon}
          onEdited={edits.onEdited}
          onMessage={(key) => edits.say({ key, color: 'blue' })}
        />
      )}

      {ready && (
        <>
          {/* Above the legend: on a short map (the data view's) the two meet, and the tools must stay usable. */}
          <Box ref={toolsRef} pos="absolute" top={12} left={12} style={{ zIndex: 3 }}>
            <DrawTools
              mode={mode}
              onMode={changeMode}
              canTrees={canTrees}
              canWorks={canWorks}
              stack={edits.stackState}
              onUndo={edits.undo}
              onRedo={edits.redo}
            />
          </Box>
          <MapControls
            onLocate={locate}
            locating={locating}
            fullscreen={fullscreen}
            onFullscreen={setFullscreen}
            settings={settings}
            own={data.own}
            presets={data.presets}
            basemap={data.basemap?.id ?? ''}
            onSettings={changeSettings}
          />
          {aside && <MapAside>{aside}</MapAside>}
          {data.basemapProblem && data.basemap && (
            // Narrow, below the map's buttons, beside the drawing tools; wide, between them.
            <Box
              pos="absolute"
              top={panelWidth < 700 ? 64 : 12}
              left={66}
              right={panelWidth < 700 ? 12 : undefined}
              style={{ zIndex: 4, maxWidth: 420 }}
            >
              <BasemapProblem
                projectId={projectId}
                basemap={data.basemap}
                problem={data.basemapProblem}
                canManage={role === 'manager'}
              />
            </Box>
          )}
          <Box
            ref={legendRef}
            pos="absolute"
            bottom={12}
            left={legendLeft}
            style={{ zIndex: 2, maxHeight: 'calc(100% - 24px)', display: 'flex', alignItems: 'flex-end' }}
          >
            <Legend legend={legend} open={legendOpen} onToggle={toggleLegend} />
          </Box>
          <MapNotices
            hint={hint}
            works={mode === 'work' ? works.data : undefined}
            chosenWork={chosenWork}
            onChooseWork={setWorkEntry}
            onCancel={() => changeMode('browse')}
            message={edits.message}
            onCloseMessage={() => edits.setMessage(null)}
            selected={mode !== 'edit' ? selection.length : 0}
            onClearSelection={() => {
              setSelection([]);
              onSelect?.([]);
            }}
            area={area}
            narrow={panelWidth > 0 && panelWidth < 540}
          />
        </>
      )}
    </Box>
  );
}
