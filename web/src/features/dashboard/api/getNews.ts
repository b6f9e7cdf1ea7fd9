import { useListQuery } from '@/api/useListQuery';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import type { ListAnswer } from '@/api/organisations/types';
import { dashboardKeys } from './keys';
import type { NewsItem } from './types';

/** GET /api/content/news: the latest changes in my projects, or in one of them (up to 100). */
export const getNews = (projectId?: string) =>
  api.get<ListAnswer<NewsItem>>(
    projectId ? inProject('/api/content/news?limit=100', projectId) : '/api/content/news?limit=100',
  );

export const useNews = (projectId?: string, enabled = true) =>
  useListQuery(dashboardKeys.news(projectId), () => getNews(projectId), enabled);
