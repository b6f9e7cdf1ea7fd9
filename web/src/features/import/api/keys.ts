/** Query keys of the import calls. */
export const importKeys = {
  list: (projectId: string) => ['imports', projectId] as const,
};
