import type { ProjectAccess } from '@/api/projects/types';

/** An organisation's address and billing fields (docs/API.md "Organisations and projects"). */
export interface OrganisationFields {
  name: string;
  street: string;
  number: string;
  zip: string;
  city: string;
  country: string;
  phone: string;
  address_supplement_invoice: string;
  contact_invoice: string;
  email_invoice: string;
  invoice_note: string;
  invoice_supplement: string;
  invoice_type: 'billing' | 'paypal' | string;
  leitweg_id_invoice: string;
  subject_invoice: string;
  tax_id_invoice: string;
  location: string;
}

export type OrganisationStatus = 'demo' | 'expired' | 'booked' | 'terminated';
export type OrganisationRole = 'admin' | 'member';

export interface Organisation extends OrganisationFields {
  id: string;
  avv: boolean;
  agb: boolean;
  terminated: boolean;
  terminated_at: string | null;
  terminated_by: string | null;
  max_object: number;
  demo_until: string;
  status: OrganisationStatus;
  demo_days_left: number;
  /** The booked tree data package (null during the demo) and how much of it the objects use. */
  tree_package: string | null;
  tree_count: number;
  tree_count_max: number;
  tree_space_percent_in_use: number;
  project_count: number;
  roles: OrganisationRole[];
  version: number;
  created_at: string;
}

export interface ListAnswer<T> {
  items: T[];
  total: number;
}

/** A person as others see them (an administrator). */
export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** An address invited to administer the organisation that has not accepted yet (no names: they are not told). */
export interface AdminInvitation {
  email: string;
  createdAt: string;
}

/** The administrators' list answer: the administrators and the open invitations; `message` after inviting. */
export interface AdministratorsAnswer extends ListAnswer<Person> {
  invitations?: AdminInvitation[];
  message?: string;
}

/** One person's access to one project of the organisation. */
export interface Assignment extends ProjectAccess {
  projectId: string;
  projectName: string;
}

export interface ScopedSession {
  token: string;
  session: import('@/api/auth/types').SessionClaims;
}
