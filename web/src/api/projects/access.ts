/** Project access levels (docs/PRODUCT.md §3, §6) and the roles they give. */

export type AccessLevel = 0 | 1 | 2 | 3;
export type ProjectRole = 'manager' | 'reader' | 'editor' | 'care';

/** In the order the server numbers them: 0 Management, 1 View, 2 Edit, 3 Care. */
export const ACCESS_LEVELS: readonly AccessLevel[] = [0, 1, 2, 3];

const ROLES: readonly ProjectRole[] = ['manager', 'reader', 'editor', 'care'];

/** The i18n key of an access level's name ("Management", "View", "Edit", "Care"). */
export function accessLabelKey(level: number): string {
  return isAccessLevel(level) ? `access.${level}` : 'access.unknown';
}

export function isAccessLevel(v: unknown): v is AccessLevel {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 3;
}

/** The role an access level gives. */
export function roleOfAccess(level: AccessLevel): ProjectRole {
  return ROLES[level];
}

/** The access level behind a role, or undefined for an unknown role. */
export function accessOfRole(role: string | undefined | null): AccessLevel | undefined {
  const i = ROLES.indexOf(role as ProjectRole);
  return i < 0 ? undefined : (i as AccessLevel);
}

/** The i18n key to show a role by (its access level's name). */
export function roleLabelKey(role: string | undefined | null): string {
  const level = accessOfRole(role);
  return level === undefined ? 'access.unknown' : accessLabelKey(level);
}

/** Only Management changes settings and shares the project (docs/PRODUCT.md §6). */
export const canManage = (role: string | undefined | null) => role === 'manager';

/** Select options for the access levels, labelled in the UI language. */
export function accessOptions(t: (key: string) => string): { value: string; label: string }[] {
  return ACCESS_LEVELS.map((l) => ({ value: String(l), label: t(accessLabelKey(l)) }));
}

/** A badge colour per level, so levels can be told apart at a glance. */
export function accessColor(level: number): string {
  return ['arbor', 'gray', 'blue', 'orange'][level] ?? 'gray';
}
