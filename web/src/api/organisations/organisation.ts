import type { Organisation, OrganisationFields } from './types';

/** ISO codes of the countries an organisation may be in (docs/API.md). */
export const COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

/** Country options named in the UI language (Intl.DisplayNames), sorted by that name. */
export function countryOptions(language: string): { value: string; label: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  return COUNTRIES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, language),
  );
}

export const ZIP_PATTERN = /^[0-9]{4,5}$/;
/** Leitweg-ID (German e-invoicing routing), as the server checks it. */
export const LEITWEG_PATTERN = /^[0-9]{2,12}(-[0-9A-Za-z]{1,30})?-[0-9]{2}$/;

export const zipValid = (zip: string) => !zip.trim() || ZIP_PATTERN.test(zip.trim());
export const leitwegValid = (id: string) => !id.trim() || LEITWEG_PATTERN.test(id.trim());

/** The status badge of an organisation: its i18n key, count and colour. */
export function statusBadge(o: Pick<Organisation, 'status' | 'demo_days_left'>): {
  key: string;
  count?: number;
  color: string;
} {
  switch (o.status) {
    case 'terminated':
      return { key: 'organisations.status.terminated', color: 'gray' };
    case 'expired':
      return { key: 'organisations.status.expired', color: 'red' };
    case 'booked':
      return { key: 'organisations.status.booked', color: 'arbor' };
    default:
      return {
        key: 'organisations.status.demo',
        count: o.demo_days_left,
        color: o.demo_days_left <= 3 ? 'orange' : 'arbor',
      };
  }
}

export const isAdmin = (o: Pick<Organisation, 'roles'> | undefined) => !!o?.roles?.includes('admin');

/** Who may change it: administrators of an organisation that is not cancelled. */
export const canEditOrganisation = (o: Pick<Organisation, 'roles' | 'status'> | undefined) =>
  isAdmin(o) && o?.status !== 'terminated';

export const EMPTY_FIELDS: OrganisationFields = {
  name: '',
  street: '',
  number: '',
  zip: '',
  city: '',
  country: 'DE',
  phone: '',
  address_supplement_invoice: '',
  contact_invoice: '',
  email_invoice: '',
  invoice_note: '',
  invoice_supplement: '',
  invoice_type: 'billing',
  leitweg_id_invoice: '',
  subject_invoice: '',
  tax_id_invoice: '',
  location: 'en',
};

/** The editable fields of an organisation, for a form. */
export function fieldsOf(o: Organisation): OrganisationFields {
  const out = { ...EMPTY_FIELDS };
  for (const k of Object.keys(EMPTY_FIELDS) as (keyof OrganisationFields)[]) {
    const v = o[k];
    out[k] = typeof v === 'string' ? v : EMPTY_FIELDS[k];
  }
  return out;
}

/** A one-line address: "Street 1, 24937 Flensburg". */
export function addressLine(o: Pick<Organisation, 'street' | 'number' | 'zip' | 'city'>): string {
  const street = [o.street, o.number].filter(Boolean).join(' ');
  const place = [o.zip, o.city].filter(Boolean).join(' ');
  return [street, place].filter(Boolean).join(', ');
}

/** Platform support: a user with the authority "super" may list and open every organisation. */
export const isPlatformSupport = (user: { authorities?: string[] | null } | null | undefined) =>
  !!user?.authorities?.includes('super');
