import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { projectKeys } from './keys';
import type { Project } from './types';

/** GET /api/management/project/{id}: the project with my `role`. */
export const getProject = (id: string) =>
  api.get<Project>(`/api/management/project/${encodeURIComponent(id)}`, { silent: true });

export function useProject(id: string, enabled = true) {
  return useQuery({ queryKey: projectKeys.one(id), queryFn: () => getProject(id), enabled });
}
