/** Query keys of the data view's calls. */
export const dataKeys = {
  all: ['data'] as const,
  rows: (projectId: string) => ['data', 'rows', projectId] as const,
  values: (projectId: string, field: string) => ['data', 'values', projectId, field] as const,
  count: (projectId: string, filter: string) => ['data', 'count', projectId, filter] as const,
  columns: (projectId: string) => ['data', 'columns', projectId] as const,
};
