import { useMemo, useState } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { Polygon } from 'geojson';
import { getTree, type Scheme } from '../api/map';
import { legendOf } from '../legend';
import { loadSettings, saveSettings, type DisplaySettings } from '../settings';
import { MapFrame } from './MapFrame';
import { ASIDE_WIDTH, MapNotices } from './MapNotices';
import { MapOverlays } from './MapOverlays';
import { MapView } from './MapView';
import type { FeatureKind, MapMode, MapPanelProps } from './mapTypes';
import { useLocate } from './useLocate';
import { useMapData } from './useMapData';
import { useMapEdits } from './useMapEdits';
import { useMapLayout } from './useMapLayout';
import { useMapView } from './useMapView';

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
  const scheme = useComputedColorScheme('light') as Scheme;
  const [settings, setSettings] = useState<DisplaySettings>(() => loadSettings());
  const [mode, setMode] = useState<MapMode>('browse');
  const [innerSelection, setSelection] = useState<number[]>([]);
  const selection = outerSelection ?? innerSelection;
  const filterJSON = useMemo(() => (filter ? JSON.stringify(filter) : null), [filter]);
  const [area, setArea] = useState<{ m2: number; x: number; y: number } | null>(null);
  const [workEntry, setWorkEntry] = useState<string | null>(null);
  const [fullscreen, setFullscreen] = useState(false);

  const canTrees = !readOnly && (role === 'manager' || role === 'editor');
  const canWorks = !readOnly && (role === 'manager' || role === 'editor' || role === 'care');

  const data = useMapData(projectId, settings.theme, scheme, settings.basemap, mode === 'work');
  const { style, extent, works } = data;
  const ready = !!style.data && extent.isFetched;
  const { view, setView } = useMapView(projectId, extent.data, focusTree, ready);
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

  const hint = mode === 'browse' ? undefined : `map.hints.${mode}`;
  const layout = useMapLayout();
  const { panelWidth } = layout;
  // The info window covers the map's right side (its width and margin); where the map is too
  // narrow to keep room beside it, the objects are fitted to the whole map.
  const coveredRight = aside && panelWidth - ASIDE_WIDTH - 12 >= 320 ? ASIDE_WIDTH + 12 : 0;

  return (
    <MapFrame
      frameRef={layout.panelRef}
      height={height}
      fullscreen={fullscreen}
      scheme={scheme}
      data={{
        'data-mode': mode,
        'data-theme': settings.theme,
        'data-aside': !!aside,
        'data-basemap': data.basemap?.id ?? '',
      }}
      error={style.isError ? style.error : null}
      loading={!ready}
    >
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
          view={view}
          coveredRight={coveredRight}
          coveredLowerLeft={{ width: layout.legendRight, height: layout.legendTop }}
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
          <MapOverlays
            layout={layout}
            tools={{
              mode,
              onMode: changeMode,
              canTrees,
              canWorks,
              stack: edits.stackState,
              onUndo: edits.undo,
              onRedo: edits.redo,
            }}
            controls={{
              onLocate: locate,
              locating,
              fullscreen,
              onFullscreen: setFullscreen,
              settings,
              own: data.own,
              presets: data.presets,
              basemap: data.basemap?.id ?? '',
              onSettings: changeSettings,
            }}
            legend={legend}
            basemapProblem={
              data.basemapProblem && data.basemap
                ? { projectId, basemap: data.basemap, problem: data.basemapProblem, canManage: role === 'manager' }
                : null
            }
            aside={aside}
          />
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
            mapWidth={panelWidth}
            legendRight={layout.legendRight}
            legendTop={layout.legendTop}
          />
        </>
      )}
    </MapFrame>
  );
}
