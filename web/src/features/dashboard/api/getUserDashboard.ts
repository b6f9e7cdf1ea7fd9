import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';
import type { UserDashboard } from './types';

/** GET /api/content/dashboard/user: my projects with their figures, unfinished jobs, totals, news. */
export const getUserDashboard = () => api.get<UserDashboard>('/api/content/dashboard/user');

export function useUserDashboard() {
  return useQuery({ queryKey: dashboardKeys.user(), queryFn: getUserDashboard });
}
