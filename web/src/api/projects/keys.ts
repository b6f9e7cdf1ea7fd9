/** Query keys of the project calls. */
export const projectKeys = {
  all: ['projects'] as const,
  list: (organisation?: string) => ['projects', 'list', organisation ?? ''] as const,
  one: (id: string) => ['projects', 'one', id] as const,
  members: (id: string) => ['projects', 'members', id] as const,
  settings: (id: string) => ['projects', 'settings', id] as const,
  scope: (id: string) => ['scope', 'project', id] as const,
};
