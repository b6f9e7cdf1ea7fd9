import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ListAnswer } from '@/api/organisations/types';
import { organisationUrl } from '@/api/organisations/url';

/** One entry of the price list; amounts are euro cents a year, net of VAT (docs/PRODUCT.md "Packages and prices"). */
export interface Package {
  id: string;
  kind: 'trees' | 'storage' | 'addon';
  trees: number | null;
  storage_mb: number | null;
  price_cents: number;
  setup_hour_cents: number | null;
}

/** What an organisation has booked and how much of it is in use. */
export interface Usage {
  status: 'demo' | 'expired' | 'booked' | 'terminated';
  demo_until: string;
  tree_package: string | null;
  tree_count: number;
  tree_count_max: number;
  tree_space_percent_in_use: number;
  data_space_mb_max: number;
  data_space_mb_used: number;
  data_space_percent_in_use: number;
  storage_packages: number;
  addons: string[];
  booked_addons: string[];
  vat_percent: number;
  notices: string[];
}

/** A booking with its invoice's figures. */
export interface Booking {
  id: string;
  number: number;
  invoice_number: string;
  package: string;
  kind: Package['kind'];
  quantity: number;
  unit_cents: number;
  credit_cents: number;
  net_cents: number;
  vat_percent: number;
  vat_cents: number;
  gross_cents: number;
  period_start: string;
  period_end: string;
  username: string;
  created_at: string;
}

export interface PackagesAnswer {
  packages: Package[];
  usage: Usage;
  bookings: Booking[];
}

export const packageKeys = {
  all: ['packages'] as const,
  page: (organisation: string) => ['packages', organisation] as const,
  invoices: (organisation: string) => ['packages', organisation, 'invoices'] as const,
};

const enc = encodeURIComponent;

/** GET …/organisation/{id}/packages (administrators and support). */
export function usePackages(organisation: string) {
  return useQuery({
    queryKey: packageKeys.page(organisation),
    queryFn: () => api.get<PackagesAnswer>(organisationUrl(organisation, '/packages')),
  });
}

/** GET /api/document/billing/{id}: the organisation's invoices, newest first. */
export function useInvoices(organisation: string, enabled = true) {
  return useQuery({
    queryKey: packageKeys.invoices(organisation),
    queryFn: () => api.get<ListAnswer<Booking>>(`/api/document/billing/${enc(organisation)}`),
    select: (a) => a.items ?? [],
    enabled,
  });
}

/** The address of an invoice's PDF. */
export const invoiceURL = (organisation: string, booking: string) =>
  `/api/document/download-billing/${enc(organisation)}/${enc(booking)}`;

/** POST …/packages {package, quantity}: the price comes from the server's price list only. */
export function useBookPackage(organisation: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (order: { package: string; quantity?: number }) =>
      api.post<Booking>(organisationUrl(organisation, '/packages'), order, { silent: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: packageKeys.page(organisation) });
      void qc.invalidateQueries({ queryKey: packageKeys.invoices(organisation) });
      void qc.invalidateQueries({ queryKey: ['organisations'] });
      void qc.invalidateQueries({ queryKey: ['documents'] });
    },
  });
}

/** Euro with 0 or 2 fraction digits (docs/PRODUCT.md §9: currency 0 to 2): 290 €, 112,50 €. */
export function formatEuro(cents: number, lang: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** The invoice's figures as the server computes them: VAT rounded half up to the cent. */
export function figures(unitCents: number, quantity: number, vatPercent: number) {
  const net = unitCents * quantity;
  const vat = Math.floor((net * Math.round(vatPercent * 100) + 5000) / 10000);
  return { net, vat, gross: net + vat };
}
