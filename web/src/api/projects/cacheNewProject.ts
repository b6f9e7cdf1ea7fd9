import type { QueryClient } from '@tanstack/react-query';
import { organisationKeys } from '@/api/organisations/keys';
import { projectKeys } from './keys';
import type { Project } from './types';

/**
 * A new project (created, or made by the demo wizard) goes in the cache; the project lists and the
 * organisations, which count their projects, are read again.
 */
export function cacheNewProject(qc: QueryClient, p: Project) {
  qc.setQueryData(projectKeys.one(p.id), p);
  void qc.invalidateQueries({ queryKey: projectKeys.all });
  void qc.invalidateQueries({ queryKey: organisationKeys.all });
}
