import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import { projectKeys } from '@/api/projects/keys';
import type { Project, ProjectFields } from '@/api/projects/types';

export type CreateProjectInput = Partial<ProjectFields> & { organisation: string; name: string };

/** POST /api/management/organisation/{id}/projects (administrators); an existing name answers 409. */
export const createProject = ({ organisation, ...fields }: CreateProjectInput) =>
  api.post<Project>(`/api/management/organisation/${encodeURIComponent(organisation)}/projects`, fields, {
    silent: true,
  });

export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (p) => {
      qc.setQueryData(projectKeys.one(p.id), p);
      void qc.invalidateQueries({ queryKey: projectKeys.all });
      void qc.invalidateQueries({ queryKey: organisationKeys.all });
    },
  });
}
