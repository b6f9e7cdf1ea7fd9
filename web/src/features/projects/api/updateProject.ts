import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';
import { projectKeys } from '@/api/projects/keys';
import type { Project, ProjectFields } from '@/api/projects/types';

export type UpdateProjectInput = ProjectFields & { id: string; version: number };

/** PUT /api/management/project/{id} (managers): general settings; a stale `version` answers 409. */
export const updateProject = ({ id, ...body }: UpdateProjectInput) =>
  api.put<Project>(`/api/management/project/${encodeURIComponent(id)}`, body);

export function useUpdateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (p) => {
      qc.setQueryData(projectKeys.one(p.id), p);
      void qc.invalidateQueries({ queryKey: ['projects', 'list'] });
    },
    onError: (e, input) => {
      if (e instanceof ApiError && e.stale) qc.setQueryData(projectKeys.one(input.id), e.current as Project);
    },
  });
}
