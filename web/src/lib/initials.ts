/** The letters of a person's avatar: first letters of first and last name, "?" without either. */
export function initials(first?: string, last?: string): string {
  return `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase() || '?';
}
