import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import { organisationUrl } from '@/api/organisations/url';

/** One export of the organisation's data: who took what, when (docs/API.md "Exports"). */
export interface ExportRecord {
  id: number;
  project: string | null;
  project_name: string;
  user: string | null;
  username: string;
  /** The call: export, export-all-trees, export-tree-pdf, export-tree-list, export-gis, export-gaeb. */
  kind: string;
  format: string;
  objects: number;
  created_at: string;
}

export const EXPORTS_PAGE = 25;

/** GET /api/management/organisation/{id}/exports (administrators): newest first, a page at offset. */
export const getExportRecords = (id: string, offset: number) =>
  api.get<{ items: ExportRecord[]; total: number }>(
    organisationUrl(id, `/exports?limit=${EXPORTS_PAGE}&offset=${offset}`),
  );

export function useExportRecords(id: string, offset: number) {
  return useQuery({
    queryKey: organisationKeys.exports(id, offset),
    queryFn: () => getExportRecords(id, offset),
    placeholderData: keepPreviousData,
  });
}
