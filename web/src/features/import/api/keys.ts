/** Query keys of the import calls. */
export const importKeys = {
  list: (projectId: string) => ['imports', projectId] as const,
  tasks: (projectId: string) => ['import-tasks', projectId] as const,
  task: (projectId: string, id: string) => ['import-task', projectId, id] as const,
};
