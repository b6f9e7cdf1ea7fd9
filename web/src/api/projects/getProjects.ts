import { useListQuery } from '@/api/useListQuery';
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

export const useProjects = (organisation?: string, enabled = true) =>
  useListQuery(projectKeys.list(organisation), () => getProjects(organisation), enabled);
