import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ListAnswer } from '@/api/organisations/types';
import { projectKeys } from './keys';
import type { Project } from './types';

/** GET /api/management/project-list: my projects, most recently opened first; `organisation` narrows. */
export const getProjects = (organisation?: string) =>
  api.get<ListAnswer<Project>>(
    organisation
      ? `/api/management/project-list?organisation=${encodeURIComponent(organisation)}`
      : '/api/management/project-list',
  );

export function useProjects(organisation?: string, enabled = true) {
  return useQuery({
    queryKey: projectKeys.list(organisation),
    queryFn: () => getProjects(organisation),
    select: (a) => a.items ?? [],
    enabled,
  });
}
