import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ListAnswer } from './organisations/types';

/** A list the server answers as `{ items }`: the query's data are the items (none when it sends none). */
export function useListQuery<T>(queryKey: QueryKey, queryFn: () => Promise<ListAnswer<T>>, enabled = true) {
  return useQuery({ queryKey, queryFn, select: (a) => a.items ?? [], enabled });
}
