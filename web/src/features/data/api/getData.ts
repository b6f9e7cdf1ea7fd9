import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import type { Filter } from '../filter';

/** A row of the data table: a tree or group with the fields of docs/PRODUCT.md §3 (custom fields flattened). */
export interface DataRow {
  id: string;
  fid: number;
  number: number;
  number_text: string;
  species: string | null;
  species_botanical: string;
  species_language: string;
  single_tree: boolean;
  archive: boolean;
  cut: boolean;
  version: number;
  [field: string]: unknown;
}

export interface DataPage {
  items: DataRow[];
  total: number;
}

/** POST /api/content/data: a page of the objects that pass the filter, sorted by any column. */
export function getData(
  projectId: string,
  body: { filter: Filter; sort?: string[]; limit?: number; offset?: number },
  opts: { signal?: AbortSignal; silent?: boolean } = {},
) {
  return api.post<DataPage>(inProject('/api/content/data', projectId), body, { silent: true, ...opts });
}

/**
 * The same with total_later: the page at once, its total only when the server knows it already
 * (null otherwise — ask getData for it, which waits for the count). On a big project a filter's
 * count takes several times as long as its page.
 */
export function getDataTotalLater(
  projectId: string,
  body: { filter: Filter; sort?: string[]; limit: number; offset: number },
) {
  return api.post<{ items: DataRow[]; total: number | null }>(
    inProject('/api/content/data', projectId),
    { ...body, total_later: true },
    { silent: true },
  );
}

/** The ids and tile feature ids of every object a filter shows, up to max (pages of 1000). */
export async function getDataIds(projectId: string, filter: Filter, max: number) {
  const out: { id: string; fid: number }[] = [];
  let total = 0;
  for (let offset = 0; offset < max; offset += 1000) {
    const page = await getData(projectId, { filter, limit: Math.min(1000, max - offset), offset });
    total = page.total;
    for (const r of page.items) out.push({ id: r.id, fid: r.fid });
    if (offset + page.items.length >= total || page.items.length === 0) break;
  }
  return { items: out, total };
}
