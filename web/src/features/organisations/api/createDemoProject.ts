import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { cacheNewProject } from '@/api/projects/cacheNewProject';
import type { Project } from '@/api/projects/types';
import { organisationUrl } from '@/api/organisations/url';

/** The custom fields the demo project wizard offers (domain.DemoFields on the server). */
export const DEMO_FIELDS = ['street', 'area'] as const;
export type DemoField = (typeof DEMO_FIELDS)[number];

export type DemoProjectResult = {
  project: Project;
  trees: number;
  groups: number;
  checks: number;
  works: number;
  job: string;
};

/** POST /api/management/organisation/{id}/demo-project: the demo project wizard's last step
 * (during the demo only); an existing name answers 409. */
export const createDemoProject = ({
  organisation,
  ...body
}: {
  organisation: string;
  name: string;
  fields: DemoField[];
}) => api.post<DemoProjectResult>(organisationUrl(organisation, '/demo-project'), body, { silent: true });

export function useCreateDemoProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createDemoProject,
    onSuccess: (r) => cacheNewProject(qc, r.project),
  });
}
