import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import { organisationUrl } from '@/api/organisations/url';

/** The legal texts of the installation and the organisation's consent (docs/API.md "Legal texts and consent"). */

export type LegalPageKind = 'imprint' | 'privacy' | 'terms';
export type LegalDocumentKind = 'terms' | 'dpa';
export type ConsentKind = 'agb' | 'avv';
export const LEGAL_LANGUAGES = ['en', 'de', 'fr'] as const;
export type LegalLanguage = (typeof LEGAL_LANGUAGES)[number];

/** The document each consent is to: the terms (agb) and the data processing agreement (avv). */
export const CONSENT_DOCUMENT: Record<ConsentKind, LegalDocumentKind> = { agb: 'terms', avv: 'dpa' };

export interface LegalPageAnswer {
  kind: LegalPageKind;
  /** The language served: the one asked for, else English. */
  lang: LegalLanguage;
  /** A built-in sample: the operator has not provided the text yet. */
  sample: boolean;
  markdown: string;
  updated_at: string | null;
}

export interface LegalDocument {
  kind: LegalDocumentKind;
  asked: LegalLanguage;
  lang: LegalLanguage;
  sample: boolean;
  size: number;
  sha256: string;
  name: string;
  updated_at: string | null;
}

export interface Consent {
  kind: ConsentKind;
  user_id: string | null;
  user_name: string;
  email: string | null;
  lang: LegalLanguage;
  document_sha256: string;
  sample: boolean;
  at: string;
}

export interface ConsentsAnswer {
  agb: Consent | null;
  avv: Consent | null;
  missing: ConsentKind[];
  history: Consent[];
}

/** The language of a legal text for a UI language ('de-CH' → 'de'; unknown ones → 'en'). */
export function legalLanguage(lang: string | undefined): LegalLanguage {
  const l = (lang ?? 'en').slice(0, 2).toLowerCase();
  return (LEGAL_LANGUAGES as readonly string[]).includes(l) ? (l as LegalLanguage) : 'en';
}

const enc = encodeURIComponent;

export const legalKeys = {
  page: (kind: LegalPageKind, lang: string) => ['legal', 'page', kind, lang] as const,
  documents: ['legal', 'documents'] as const,
  consents: (organisation: string) => ['legal', 'consents', organisation] as const,
};

/** The address of a PDF: the terms or the data processing agreement in a language. */
export function legalDocumentURL(kind: LegalDocumentKind, lang: string): string {
  return `/api/legal/documents/${enc(kind)}/${enc(lang)}`;
}

/** GET /api/legal/pages/{kind}/{lang}: a legal page as Markdown. */
export function useLegalPage(kind: LegalPageKind, lang: LegalLanguage) {
  return useQuery({
    queryKey: legalKeys.page(kind, lang),
    queryFn: () => api.get<LegalPageAnswer>(`/api/legal/pages/${enc(kind)}/${enc(lang)}`, { silent: true }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/legal/documents: the terms and the DPA in every language. */
export function useLegalDocuments() {
  return useQuery({
    queryKey: legalKeys.documents,
    queryFn: () => api.get<{ items: LegalDocument[] }>('/api/legal/documents'),
    select: (a) => a.items ?? [],
    staleTime: 5 * 60_000,
  });
}

/** GET …/organisation/{id}/consents: who consented to what, and when. */
export function useConsents(organisation: string, enabled = true) {
  return useQuery({
    queryKey: legalKeys.consents(organisation),
    queryFn: () => api.get<ConsentsAnswer>(organisationUrl(organisation, '/consents')),
    enabled,
  });
}

/** POST …/organisation/{id}/consents: an administrator consents for the organisation. */
export function useGiveConsent(organisation: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { kinds: ConsentKind[]; lang: LegalLanguage }) =>
      api.post<ConsentsAnswer>(organisationUrl(organisation, '/consents'), body),
    onSuccess: (a) => {
      qc.setQueryData(legalKeys.consents(organisation), a);
      void qc.invalidateQueries({ queryKey: organisationKeys.one(organisation) });
    },
  });
}
