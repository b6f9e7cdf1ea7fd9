/** Query keys of the organisation calls. */
export const organisationKeys = {
  all: ['organisations'] as const,
  list: () => ['organisations', 'list'] as const,
  /** Platform support: every organisation (`?all=true`). */
  listAll: () => ['organisations', 'list', 'all'] as const,
  one: (id: string) => ['organisations', 'one', id] as const,
  admins: (id: string) => ['organisations', 'admins', id] as const,
  assignments: (id: string) => ['organisations', 'assignments', id] as const,
  /** What left the organisation as files (administrators), a page from offset. */
  exports: (id: string, offset: number) => ['organisations', 'exports', id, offset] as const,
  scope: (id: string) => ['scope', 'organisation', id] as const,
};
