/** Query keys of the data view's calls. */
export const dataKeys = {
  all: ['data'] as const,
  rows: (projectId: string) => ['data', 'rows', projectId] as const,
  filters: (projectId: string) => ['data', 'filters', projectId] as const,
  values: (projectId: string, field: string) => ['data', 'values', projectId, field] as const,
  jobs: (projectId: string) => ['data', 'jobs', projectId] as const,
  count: (projectId: string, filter: string) => ['data', 'count', projectId, filter] as const,
  columns: (projectId: string) => ['data', 'columns', projectId] as const,
};

export const inProject = (projectId: string) => `project=${encodeURIComponent(projectId)}`;
