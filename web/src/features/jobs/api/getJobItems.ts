import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api';
import { jobPath } from './jobCall';
import type { ListAnswer } from '@/api/organisations/types';
import { jobKeys } from '@/api/jobs/keys';
import type { JobItem } from '@/api/jobs/types';

/** GET /api/management/job/{jobId}/items?project=: the job's trees, groups and works with their progress. */
export const getJobItems = (projectId: string, jobId: string) =>
  api.get<ListAnswer<JobItem>>(jobPath(projectId, jobId, '/items'), {
    silent: true,
  });

export function useJobItems(projectId: string | undefined, jobId: string | undefined) {
  // Work and species names come in the language of the request.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...jobKeys.items(projectId ?? '', jobId ?? ''), i18n.language],
    queryFn: () => getJobItems(projectId ?? '', jobId ?? ''),
    select: (a) => a.items ?? [],
    enabled: !!projectId && !!jobId,
  });
}
