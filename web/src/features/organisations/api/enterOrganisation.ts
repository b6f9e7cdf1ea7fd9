import { useEnterScope } from '@/api/auth/enterScope';
import { organisationKeys } from '@/api/organisations/keys';

/** Enters the organisation once per visit: POST /api/auth/login/organisation/{id}. */
export const useEnterOrganisation = (id: string) => useEnterScope('organisation', id, organisationKeys.scope(id));
