import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '@/i18n';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { treeKeys } from './keys';
import type { ContentLists } from './types';

/** GET /api/content/lists: every value list of the project's organisation, in the UI language. */
export const getContentLists = (projectId: string) =>
  api.get<ContentLists>(inProject('/api/content/lists', projectId), { silent: true });

export function useContentLists(projectId: string) {
  const lang = currentLanguage();
  return useQuery({
    queryKey: treeKeys.lists(projectId, lang),
    queryFn: () => getContentLists(projectId),
    staleTime: 5 * 60_000,
  });
}
