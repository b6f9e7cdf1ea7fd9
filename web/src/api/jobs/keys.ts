/** Query keys of the job calls. */
export const jobKeys = {
  all: ['jobs'] as const,
  mine: () => ['jobs', 'mine'] as const,
  project: (projectId: string) => ['jobs', 'project', projectId] as const,
  one: (projectId: string, jobId: string) => ['jobs', 'one', projectId, jobId] as const,
  items: (projectId: string, jobId: string) => ['jobs', 'items', projectId, jobId] as const,
  participants: (projectId: string, jobId: string) => ['jobs', 'participants', projectId, jobId] as const,
  overlap: (projectId: string, selection: unknown) => ['jobs', 'overlap', projectId, selection] as const,
};
