import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ListAnswer } from '@/features/organisations/api/types';
import { dashboardKeys } from './keys';
import type { NewsItem } from './types';

/** GET /api/content/news: the latest changes in my projects (up to 100). */
export const getNews = () => api.get<ListAnswer<NewsItem>>('/api/content/news?limit=100');

export function useNews(enabled = true) {
  return useQuery({ queryKey: dashboardKeys.news(), queryFn: getNews, select: (a) => a.items ?? [], enabled });
}
