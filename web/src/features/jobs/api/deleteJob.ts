import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { jobPath } from './jobCall';
import { jobKeys } from '@/api/jobs/keys';

/** DELETE /api/management/job/{jobId}?project=: an open job nobody else holds; its objects stay. */
export const deleteJob = ({ projectId, jobId }: { projectId: string; jobId: string }) =>
  api.delete<void>(jobPath(projectId, jobId), undefined, {
    silent: true,
  });

export function useDeleteJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    onSuccess: () => qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
