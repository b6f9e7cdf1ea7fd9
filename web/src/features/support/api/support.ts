import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { OrganisationStatus } from '@/api/organisations/types';
import { organisationUrl } from '@/api/organisations/url';

/** One organisation as platform support's overview shows it (docs/API.md "Platform support"). */
export interface SupportOrganisation {
  id: string;
  name: string;
  city: string;
  status: OrganisationStatus;
  demo_until: string;
  demo_days_left: number;
  tree_package: string | null;
  /** The booked add-ons. */
  addons: string[];
  storage_packages: number;
  tree_count: number;
  tree_count_max: number;
  data_space_mb_used: number;
  data_space_mb_max: number;
  project_count: number;
  /** The administrators' e-mail addresses. */
  administrators: string[];
  created_at: string;
}

/** One entry of the support record: who of platform support did what, on which organisation, when. */
export interface SupportRecord {
  id: number;
  at: string;
  user_id: string | null;
  user_name: string;
  user_email: string;
  organisation_id: string | null;
  organisation_name: string;
  /** "extend demo", "list organisations" or the call ("PUT /api/…"). */
  action: string;
  detail: { days?: number; demo_until?: string } & Record<string, unknown>;
}

export type StatusFilter = OrganisationStatus | '';

export const SUPPORT_PAGE = 25;

const keys = {
  organisations: (q: string, status: StatusFilter, offset: number) =>
    ['support', 'organisations', q, status, offset] as const,
  records: (organisation: string, offset: number) => ['support', 'records', organisation, offset] as const,
};

/** GET /api/management/support/organisations (platform support): by name, a page at offset. */
export const getSupportOrganisations = (q: string, status: StatusFilter, offset: number) => {
  const p = new URLSearchParams({ limit: String(SUPPORT_PAGE), offset: String(offset) });
  if (q) p.set('q', q);
  if (status) p.set('status', status);
  return api.get<{ items: SupportOrganisation[]; total: number }>(`/api/management/support/organisations?${p}`);
};

export function useSupportOrganisations(q: string, status: StatusFilter, offset: number) {
  return useQuery({
    queryKey: keys.organisations(q, status, offset),
    queryFn: () => getSupportOrganisations(q, status, offset),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/management/support/records (platform support): newest first, of one organisation when given. */
export const getSupportRecords = (organisation: string, offset: number) => {
  const p = new URLSearchParams({ limit: String(SUPPORT_PAGE), offset: String(offset) });
  if (organisation) p.set('organisation', organisation);
  return api.get<{ items: SupportRecord[]; total: number }>(`/api/management/support/records?${p}`);
};

export function useSupportRecords(organisation: string, offset: number) {
  return useQuery({
    queryKey: keys.records(organisation, offset),
    queryFn: () => getSupportRecords(organisation, offset),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/management/organisation/{id}/demo/extend: by 1–90 days; kept in the support record. */
export const extendDemo = ({ id, days }: { id: string; days: number }) =>
  api.post<{ demo_until: string }>(organisationUrl(id, '/demo/extend'), { days }, { silent: true });

export function useExtendDemo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: extendDemo,
    onSuccess: (_o, { id }) => {
      void qc.invalidateQueries({ queryKey: ['support'] });
      void qc.invalidateQueries({ queryKey: organisationKeys.one(id) });
    },
  });
}

/** The end of a demo extended by days: from its end or, once ended, from now (as the server does). */
export function extendedUntil(demoUntil: string, days: number, now = new Date()): Date {
  const from = Math.max(new Date(demoUntil).getTime(), now.getTime());
  return new Date(from + days * 24 * 3600 * 1000);
}

/** Whether support may extend the demo: not once a package is booked or the organisation cancelled. */
export const canExtend = (o: Pick<SupportOrganisation, 'status'>) => o.status === 'demo' || o.status === 'expired';

/** A size in MB as people read it: GB from 1,024 MB. */
export function storageSize(mb: number, language: string): string {
  const f = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return mb >= 1024 ? `${f.format(mb / 1024)} GB` : `${f.format(mb)} MB`;
}
