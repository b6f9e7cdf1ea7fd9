import { api } from '@/lib/api';
import { useVersionedSave } from '@/hooks/useVersionedSave';
import { projectKeys } from '@/api/projects/keys';
import type { Project, ProjectFields } from '@/api/projects/types';

export type UpdateProjectInput = ProjectFields & { id: string; version: number };

/** PUT /api/management/project/{id} (managers): general settings; a stale `version` answers 409. */
export const updateProject = ({ id, ...body }: UpdateProjectInput) =>
  api.put<Project>(`/api/management/project/${encodeURIComponent(id)}`, body);

export const useUpdateProject = () => useVersionedSave(updateProject, projectKeys.one, ['projects', 'list']);
