import type { Point, Polygon } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';

export type Scheme = 'light' | 'dark';

/** The MapLibre style of the project's data layers by a theme (styles/ on the server). */
export function fetchStyle(projectId: string, theme: string, scheme: Scheme, signal?: AbortSignal) {
  return api.get<StyleSpecification>(
    `/api/styles/${encodeURIComponent(projectId)}/${encodeURIComponent(theme)}.json?scheme=${scheme}`,
    { silent: true, signal },
  );
}

export interface TileJSON {
  tiles: string[];
  bounds?: [number, number, number, number];
  revision?: number;
}

export function fetchTileJSON(projectId: string, layer: string) {
  return api.get<TileJSON>(`/api/tiles/${encodeURIComponent(projectId)}/${layer}.json`, { silent: true });
}

/** What the map needs of a tree or group. */
export interface MapTree {
  id: string;
  fid?: number;
  version: number;
  number?: number;
  number_text?: string;
  species?: string | null;
  species_botanical?: string;
  species_language?: string;
  single_tree?: boolean;
  tree_count?: number;
  area?: number | null;
  geom: Point | Polygon;
}

/** A tree or group by its tile feature id or uuid. */
export function getTree(projectId: string, idOrFid: string | number) {
  return api.get<MapTree>(inProject(`/api/content/tree/${encodeURIComponent(String(idOrFid))}`, projectId), {
    silent: true,
  });
}

export function createTree(projectId: string, id: string, geom: Point | Polygon) {
  return api.post<MapTree>(inProject('/api/content/tree', projectId), { id, geom }, { silent: true });
}

export function updateTreeGeometry(projectId: string, id: string, version: number, geom: Point | Polygon) {
  return api.put<MapTree>(
    inProject(`/api/content/tree/${encodeURIComponent(id)}`, projectId),
    { version, geom },
    { silent: true },
  );
}

export function deleteTree(projectId: string, id: string) {
  return api.delete<void>(inProject(`/api/content/tree/${encodeURIComponent(id)}`, projectId), undefined, {
    silent: true,
  });
}

export interface WorkEntry {
  id: string;
  name: string;
}

export function fetchWorkEntries(projectId: string) {
  return api
    .get<Record<string, unknown>>(inProject('/api/content/lists', projectId), { silent: true })
    .then((lists) => {
      const w = lists?.work;
      const items = Array.isArray(w)
        ? w
        : Array.isArray((w as { items?: unknown[] })?.items)
          ? (w as { items: unknown[] }).items
          : [];
      return (items as WorkEntry[]).filter((e) => e && typeof e.id === 'string');
    });
}

export interface MapWork {
  id: string;
  version: number;
}

export function createWork(projectId: string, id: string, work: string, geom: Point) {
  return api.post<MapWork>(inProject('/api/content/action', projectId), { id, work, geom }, { silent: true });
}

export function deleteWork(projectId: string, id: string) {
  return api.delete<void>(inProject(`/api/content/action/${encodeURIComponent(id)}`, projectId), undefined, {
    silent: true,
  });
}
