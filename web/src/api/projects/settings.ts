import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';
import { projectKeys } from './keys';

/** One custom field (general01–09, 11–13, 21–23, 31–32, 41–42) of a project (docs/API.md). */
export interface CustomField {
  alias: string;
  active: boolean;
  type: 'text' | 'list';
  default_value: string;
  sort: 'alpha' | 'manual';
  values: string[];
  category?: string;
}

export interface IntervalPair {
  low: number;
  high: number;
}

export interface InspectionIntervals {
  young_healthy: IntervalPair;
  aging_healthy: IntervalPair;
  damaged: IntervalPair;
  hollow: IntervalPair;
}

/**
 * Raster tiles (XYZ, WMS, ESRI), a MapLibre vector style (its URL), or one of the organisation's
 * own background maps the server keeps ('hosted': its URL is the server's TileJSON or style).
 */
export type BasemapType = 'xyz' | 'wms' | 'esri' | 'vector' | 'hosted';

export interface Basemap {
  id: string;
  name: string;
  type: BasemapType;
  url: string;
  layers: string;
  /** The source's name shown on the map (plain text). */
  attribution: string;
  username: string;
  /** A password is kept on the server; it is never answered. */
  has_password: boolean;
  position: number;
  version: number;
  created_at: string;
  /** A hosted basemap's archive (docs/API.md "Background maps"); its layers say raster or vector. */
  background_map?: string | null;
}

export type DefaultValue = string | number | boolean;

export interface ProjectSettings {
  custom_fields: Record<string, CustomField>;
  required_fields: string[];
  default_values: Record<string, DefaultValue>;
  inspection_intervals: InspectionIntervals;
  basemaps: Basemap[];
  version: number;
}

export type SettingsUpdate = Partial<Omit<ProjectSettings, 'basemaps' | 'version'>> & { version: number };

const base = (id: string) => `/api/management/project/${encodeURIComponent(id)}`;

/** GET …/settings: every member reads the settings. */
export function useProjectSettings(id: string) {
  return useQuery({
    queryKey: projectKeys.settings(id),
    queryFn: () => api.get<ProjectSettings>(`${base(id)}/settings`, { silent: true }),
  });
}

/** PUT …/settings (managers): each part sent replaces that part whole; a stale `version` answers 409. */
export function useUpdateSettings(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsUpdate) => api.put<ProjectSettings>(`${base(id)}/settings`, body),
    onSuccess: (s) => qc.setQueryData(projectKeys.settings(id), s),
    onError: (e) => {
      if (e instanceof ApiError && e.stale) qc.setQueryData(projectKeys.settings(id), e.current as ProjectSettings);
    },
  });
}

export interface BasemapInput extends Pick<Basemap, 'name' | 'type' | 'url' | 'layers' | 'attribution' | 'username'> {
  /** Left out: keep the kept password; "": remove it. */
  password?: string;
  version?: number;
  /** A hosted basemap's archive. */
  background_map?: string;
}

/** POST, PUT and DELETE …/basemaps[/{basemapId}] (managers). */
export function useSaveBasemap(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ basemapId, ...body }: BasemapInput & { basemapId?: string }) =>
      basemapId
        ? api.put<Basemap>(`${base(id)}/basemaps/${encodeURIComponent(basemapId)}`, body, { silent: true })
        : api.post<Basemap>(`${base(id)}/basemaps`, body, { silent: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: projectKeys.settings(id) }),
  });
}

export function useDeleteBasemap(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (basemapId: string) => api.delete<void>(`${base(id)}/basemaps/${encodeURIComponent(basemapId)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: projectKeys.settings(id) }),
  });
}
