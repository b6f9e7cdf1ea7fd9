/** A call in a project: the project parameter every content and job call carries, after any other. */
export const inProject = (path: string, projectId: string) =>
  `${path}${path.includes('?') ? '&' : '?'}project=${encodeURIComponent(projectId)}`;
