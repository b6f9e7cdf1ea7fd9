import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Polygon } from 'geojson';

/*
 * Features never import each other (eslint.config.js), yet one feature's view sometimes shows
 * another's: the data view shows the map and a tree's info window, a tree's info window shows the
 * jobs the tree belongs to. Such a place renders a slot from here; the app fills the slots at the
 * route level (app/routes/FeatureSlots.tsx), so the features stay apart and the route composes them.
 */

export interface TreeInfoWindowSlotProps {
  projectId: string;
  treeId: string;
  onClose: () => void;
}

export interface JobManagerSlotProps {
  projectId: string;
  treeId?: string;
  actionId?: string;
}

/** What the data view hands the project map. */
export interface MapPanelSlotProps {
  projectId: string;
  role: string;
  readOnly?: boolean;
  height?: number | string;
  filter?: object | null;
  refreshKey?: number;
  selection?: number[];
  onOpenTree?: (id: string) => void;
  /** The open tree: brought into view when the map does not show it (a row was clicked). */
  focusTree?: string | null;
  onSelect?: (fids: number[]) => void;
  onSelectPolygon?: (polygon: Polygon, fids: number[]) => void;
  /** Shown over the map's right side (the data view's info window), in full screen too. */
  aside?: ReactNode;
}

export interface Slots {
  TreeInfoWindow: ComponentType<TreeInfoWindowSlotProps>;
  JobManager: ComponentType<JobManagerSlotProps>;
  /** May be lazy: its place wraps it in Suspense. */
  MapPanel: ComponentType<MapPanelSlotProps>;
}

const SlotsContext = createContext<Partial<Slots>>({});

export function SlotsProvider({ slots, children }: { slots: Partial<Slots>; children: ReactNode }) {
  return <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>;
}

function slot<P extends object>(name: keyof Slots) {
  function Slot(props: P) {
    const C = useContext(SlotsContext)[name] as ComponentType<P> | undefined;
    return C ? <C {...props} /> : null;
  }
  Slot.displayName = `Slot(${name})`;
  return Slot;
}

export const TreeInfoWindow = slot<TreeInfoWindowSlotProps>('TreeInfoWindow');
export const JobManager = slot<JobManagerSlotProps>('JobManager');
export const MapPanel = slot<MapPanelSlotProps>('MapPanel');
