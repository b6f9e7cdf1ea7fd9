import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';

/** A view or selection as the server's filter reads it (state, q, conditions, geometry, ids). */
export type ExportFilter = Record<string, unknown>;

/** POST /api/content/export-gaeb: the open works of a view, a selection or a job as a GAEB X83 tender. */
export function exportGaeb(projectId: string, body: { filter: ExportFilter } | { job: string }) {
  return api.post<Blob>(inProject('/api/content/export-gaeb', projectId), body, { silent: true, blob: true });
}

/** Hands a file to the browser as a download. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a project's or job's name and today's date, without characters file systems refuse. */
export function fileName(base: string, ext: string): string {
  const day = new Date().toISOString().slice(0, 10);
  return `${base.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'arbor'} ${day}.${ext}`;
}

/** POST /api/content/export-tree-pdf: the record of one tree or group as a PDF. */
export function exportTreePdf(projectId: string, tree: string) {
  return api.post<Blob>(inProject('/api/content/export-tree-pdf', projectId), { tree }, { silent: true, blob: true });
}

/** POST /api/content/export-tree-list: 1 to 100 objects as a PDF list. */
export function exportTreeList(projectId: string, ids: string[]) {
  return api.post<Blob>(inProject('/api/content/export-tree-list', projectId), { ids }, { silent: true, blob: true });
}

/** The GIS file formats. */
export type GisFormat = 'gpkg' | 'geojson' | 'csv';

/**
 * POST /api/content/export-gis: a view or selection as a GeoPackage, GeoJSON or CSV with WKT, in
 * an EPSG reference system; a big one answers (202) the task the queue makes it in, as JSON.
 */
export function exportGis(projectId: string, body: { filter: ExportFilter; format: GisFormat; srid: number }) {
  return api.post<Blob>(inProject('/api/content/export-gis', projectId), body, { silent: true, blob: true });
}
