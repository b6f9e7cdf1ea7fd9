import { lazy, type ReactNode } from 'react';
import { SlotsProvider, type Slots } from '@/components/slots';
import { JobManager } from '@/features/jobs/components/JobManager';
import { TreeInfoWindow } from '@/features/trees/components/TreeInfoWindow';

// MapLibre, mapbox-gl-draw and turf live in their own chunk.
const MapPanel = lazy(() => import('@/features/map/components/MapPanel'));

const slots: Slots = { TreeInfoWindow, JobManager, MapPanel };

/** Fills the slots of components/slots for the pages that show trees: the data view, the map, a job. */
export function FeatureSlots({ children }: { children: ReactNode }) {
  return <SlotsProvider slots={slots}>{children}</SlotsProvider>;
}
