/** Query keys of the dashboard calls. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  user: () => ['dashboard', 'user'] as const,
  project: (projectId: string) => ['dashboard', 'project', projectId] as const,
  job: (projectId: string, jobId: string) => ['dashboard', 'job', projectId, jobId] as const,
  news: (projectId?: string) => ['dashboard', 'news', projectId ?? 'all'] as const,
};
