import { treeKeys } from '@/api/trees/keys';
import type { Action } from '@/api/trees/types';
import { getTreeList, useTreeList } from './treeLists';

/** GET /api/content/tree/{id}/actions: the works, open ones first. */
export const getActions = (projectId: string, id: string) => getTreeList<Action>(projectId, id, 'actions');

export const useActions = (projectId: string, id: string, enabled = true) =>
  useTreeList(treeKeys.actions(projectId, id), () => getActions(projectId, id), enabled);
