import { treeKeys } from '@/api/trees/keys';
import type { Check } from '@/api/trees/types';
import { getTreeList, useTreeList } from './treeLists';

/** GET /api/content/tree/{id}/checks: the inspections, newest first. */
export const getChecks = (projectId: string, id: string) => getTreeList<Check>(projectId, id, 'checks');

export const useChecks = (projectId: string, id: string, enabled = true) =>
  useTreeList(treeKeys.checks(projectId, id), () => getChecks(projectId, id), enabled);
