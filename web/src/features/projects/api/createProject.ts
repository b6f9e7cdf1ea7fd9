import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { cacheNewProject } from '@/api/projects/cacheNewProject';
import type { Project, ProjectFields } from '@/api/projects/types';
import { organisationUrl } from '@/api/organisations/url';

export type CreateProjectInput = Partial<ProjectFields> & { organisation: string; name: string };

/** POST /api/management/organisation/{id}/projects (administrators); an existing name answers 409. */
export const createProject = ({ organisation, ...fields }: CreateProjectInput) =>
  api.post<Project>(organisationUrl(organisation, '/projects'), fields, { silent: true });

export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (p) => cacheNewProject(qc, p),
  });
}
