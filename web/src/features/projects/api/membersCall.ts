import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { projectKeys } from '@/api/projects/keys';
import type { ProjectMembersAnswer } from '@/api/projects/types';

/** The project's members, or one of them (a user id or an invited address): …/project/{id}/users[/{member}]. */
export const membersPath = (id: string, member?: string) =>
  `/api/management/project/${encodeURIComponent(id)}/users${member === undefined ? '' : `/${encodeURIComponent(member)}`}`;

/**
 * A change of the project's members that answers the members: the answer replaces them in the
 * cache, and the queries of also(id) are read again (the counts of the project and its
 * organisation). With refetchOnError a refused change reads the members again.
 */
export function useMembersMutation<I extends { id: string }>(
  mutationFn: (input: I) => Promise<ProjectMembersAnswer>,
  { also = () => [], refetchOnError = false }: { also?: (id: string) => QueryKey[]; refetchOnError?: boolean } = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer, { id }) => {
      qc.setQueryData(projectKeys.members(id), answer);
      for (const queryKey of also(id)) void qc.invalidateQueries({ queryKey });
    },
    onError: refetchOnError
      ? (_e: Error, { id }: I) => qc.invalidateQueries({ queryKey: projectKeys.members(id) })
      : undefined,
  });
}
