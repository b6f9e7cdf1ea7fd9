import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * One of the organisation's own background maps (docs/API.md "Background maps"): a tile archive
 * the server keeps as PMTiles and serves as XYZ tiles.
 */
export interface BackgroundMap {
  id: string;
  name: string;
  kind: 'raster' | 'vector';
  format: string;
  compression: string;
  source: 'pmtiles' | 'mbtiles';
  min_zoom: number;
  max_zoom: number;
  /** West, south, east, north. */
  bounds: [number, number, number, number];
  layers: string[];
  attribution: string;
  tiles: number;
  size: number;
  username: string;
  created_at: string;
  /** How many projects show it as a basemap. */
  projects: number;
}

/** A list of background maps, and whether the organisation may use the add-on. */
export interface BackgroundMapList {
  items: BackgroundMap[];
  total: number;
  addon: boolean;
}

export const backgroundMapKeys = {
  organisation: (id: string) => ['background-maps', 'organisation', id] as const,
  project: (id: string) => ['background-maps', 'project', id] as const,
};

/** GET /api/management/project/{id}/background-maps: what a project's map settings may add (managers). */
export function useProjectBackgroundMaps(projectId: string, enabled = true) {
  return useQuery({
    queryKey: backgroundMapKeys.project(projectId),
    queryFn: () =>
      api.get<BackgroundMapList>(`/api/management/project/${encodeURIComponent(projectId)}/background-maps`, {
        silent: true,
      }),
    enabled,
  });
}
