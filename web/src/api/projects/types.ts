import type { ProjectRole } from './access';

/** A project's general settings (docs/API.md). */
export interface ProjectFields {
  name: string;
  note: string;
  companyName: string;
  show_number_text: boolean;
  unique_number: boolean;
}

export interface Project extends ProjectFields {
  id: string;
  organisation: string;
  organisationName: string;
  tree_count: number;
  group_count: number;
  member_count: number;
  /** Mine: manager (also every administrator of the organisation), reader, editor or care. */
  role: ProjectRole | '';
  /** The organisation is cancelled: readable, not changeable. */
  terminated: boolean;
  opened_at: string | null;
  version: number;
  created_at: string;
}

/** A person's access to a project (0–3, `api/projects/access.ts`), or an open invitation (`pending`, no userId yet). */
export interface ProjectAccess {
  userId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  access: number;
  pending: boolean;
}

/** A member, or an open invitation. */
export interface ProjectMember extends ProjectAccess {
  /** The saved filter the member's access is limited to ("" and false: the whole project). */
  limit_name: string;
  limited: boolean;
}

export interface ProjectMembersAnswer {
  items: ProjectMember[];
  total: number;
  message?: string;
}
