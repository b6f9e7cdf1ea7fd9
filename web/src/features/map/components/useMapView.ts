import { useEffect, useMemo, useRef, useState } from 'react';
import { getTree } from '../api/map';
import { geometryCenter } from './mapHelpers';
import type { MapViewProps } from './mapTypes';

type View = NonNullable<MapViewProps['view']>;

/**
 * Where the map looks: first at the project's objects (an empty project: Germany); once the map
 * stands (`ready`), at a tree or group opened beside it when that is hidden; then wherever `setView` says.
 */
export function useMapView(
  projectId: string,
  extent: View['bounds'] | null | undefined,
  focusTree: string | null | undefined,
  ready: boolean,
) {
  const [view, setView] = useState<View>();
  const initialView = useMemo<View>(
    () => (extent ? { key: 'extent', bounds: extent } : { key: 'default', center: [10.45, 51.16], zoom: 5 }),
    [extent],
  );
  // Read when the tree arrives, not a reason to look at it again.
  const extentRef = useRef(extent);
  useEffect(() => {
    extentRef.current = extent;
  }, [extent]);
  // The tree open when the map was made is among the objects it starts at (a map made anew when
  // the layout changes too); a tree opened later, a row clicked, may lie hidden.
  const started = useRef(false);
  useEffect(() => {
    if (!ready) return;
    if (!started.current) {
      started.current = true;
      return;
    }
    if (!focusTree) return;
    let cancelled = false;
    getTree(projectId, focusTree)
      .then((tree) => {
        const center = geometryCenter(tree.geom);
        // A map made anew later (the layout changed: a phone turned, the split moved) starts at
        // the objects again; only the standing map is moved to the tree.
        const bounds = extentRef.current ?? undefined;
        if (!cancelled && center) setView({ key: `focus-${focusTree}-${Date.now()}`, center, ifHidden: true, bounds });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [projectId, focusTree, ready]);
  return { view: view ?? initialView, setView };
}
