import { useCallback, useEffect, useRef, useState } from 'react';
import type { Point, Polygon } from 'geojson';
import { ApiError } from '@/lib/api';
import { createTree, createWork, deleteTree, deleteWork, getTree, updateTreeGeometry } from '../api/map';
import { CommandStack } from '../commands';
import { geometryProblem } from '../geometry';
import { uuid, type MapMessage } from './mapHelpers';
import type { MapMode } from './mapTypes';

interface Options {
  projectId: string;
  /** The work placed in mode "work" (an entry of the works' value list). */
  chosenWork: string | null;
  /** Back to browsing after a drawing. */
  setMode: (m: MapMode) => void;
  onOpenTree?: (id: string) => void;
  onTreeRemoved?: (id: string) => void;
}

/**
 * Drawing and moving objects on the map as commands that can be undone and redone, with the
 * messages they leave over the map.
 */
export function useMapEdits({ projectId, chosenWork, setMode, onOpenTree, onTreeRemoved }: Options) {
  const [stack] = useState(() => new CommandStack());
  const [stackState, setStackState] = useState(() => stack.state());
  useEffect(() => stack.subscribe(setStackState), [stack]);
  const [editing, setEditing] = useState<{ key: string; geom: Point | Polygon; rev?: number } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [message, setMessage] = useState<MapMessage | null>(null);
  const versions = useRef(new Map<string, { version: number; geom: Point | Polygon }>());

  const say = useCallback((m: Omit<MapMessage, 'id'>) => setMessage({ ...m, id: Date.now() }), []);
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
    const problem = geometryProblem(geom);
    if (problem) return say({ key: problem, color: 'red' });
    if (m === 'tree' || m === 'group') {
      const id = uuid();
      run(
        m === 'tree' ? 'map.commands.createTree' : 'map.commands.createGroup',
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
      if (!chosenWork) return say({ key: 'map.errors.noWorkList', color: 'red' });
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

  /** Loads a tree or group for moving its geometry; answers whether it could. */
  const startEdit = (fid: number, then: () => void) =>
    getTree(projectId, fid)
      .then((tree) => {
        versions.current.set(tree.id, { version: tree.version, geom: tree.geom });
        setEditing({ key: tree.id, geom: tree.geom });
        then();
      })
      .catch(fail);

  const step = (way: 'undo' | 'redo') => {
    setEditing(null);
    stack[way]()
      .then((ok) => ok && (refresh(), say({ key: way === 'undo' ? 'map.undone' : 'map.redone', color: 'blue' })))
      .catch(fail);
  };
  const undo = () => step('undo');
  const redo = () => step('redo');

  return {
    stackState,
    editing,
    setEditing,
    refreshKey,
    message,
    setMessage,
    say,
    fail,
    onDrawn,
    onEdited,
    startEdit,
    undo,
    redo,
  };
}
