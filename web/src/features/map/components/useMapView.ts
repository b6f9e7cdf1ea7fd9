import { useEffect, useMemo, useState } from 'react';
import { getTree } from '../api/map';
import { geometryCenter } from './mapHelpers';
import type { MapViewProps } from './mapTypes';

type View = NonNullable<MapViewProps['view']>;

/**
 * Where the map looks: first at the project's objects (an empty project: Germany); once the map
 * stands (`ready`), at the tree or group open beside it when that is hidden; then wherever `setView` says.
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
  return { view: view ?? initialView, setView };
}
