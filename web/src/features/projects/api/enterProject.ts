import { useEnterScope } from '@/api/auth/enterScope';
import { projectKeys } from '@/api/projects/keys';

/** Enters the project once per visit: POST /api/auth/login/project/{id}. */
export const useEnterProject = (id: string) => useEnterScope('project', id, projectKeys.scope(id));
