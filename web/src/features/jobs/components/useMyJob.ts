import { useMyJobs } from '../api/getMyJobs';

/** A job of my list by id: its project (every job call needs it) and my role in it. */
export function useMyJob(jobId: string | undefined) {
  const mine = useMyJobs();
  const entry = mine.data?.find((j) => j.id === jobId);
  return { entry, isPending: mine.isPending, error: mine.error };
}
