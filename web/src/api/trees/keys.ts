/** Query keys of the tree calls; everything of one tree sits under treeKeys.tree. */
export const treeKeys = {
  all: ['trees'] as const,
  tree: (projectId: string, id: string) => ['trees', projectId, id] as const,
  checks: (projectId: string, id: string) => ['trees', projectId, id, 'checks'] as const,
  actions: (projectId: string, id: string) => ['trees', projectId, id, 'actions'] as const,
  history: (projectId: string, id: string) => ['trees', projectId, id, 'history'] as const,
  lists: (projectId: string, lang: string) => ['trees', 'lists', projectId, lang] as const,
};
