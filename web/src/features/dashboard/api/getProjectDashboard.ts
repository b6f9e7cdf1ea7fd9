import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { dashboardKeys } from './keys';
import type { ProjectDashboard } from './types';

/** GET /api/content/dashboard/project: the figures of the project's stock. */
export const getProjectDashboard = (projectId: string) =>
  api.get<ProjectDashboard>(inProject('/api/content/dashboard/project', projectId));

export function useProjectDashboard(projectId: string) {
  return useQuery({ queryKey: dashboardKeys.project(projectId), queryFn: () => getProjectDashboard(projectId) });
}
