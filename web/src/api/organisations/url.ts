/** The management address of an organisation, or of something under it (`/admins`, `/projects?…`). */
export const organisationUrl = (id: string, below = '') =>
  `/api/management/organisation/${encodeURIComponent(id)}${below}`;
