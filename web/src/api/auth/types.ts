export interface User {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  language: string;
  alias: string;
  authorities: string[];
  pendingEmail: string | null;
  version: number;
  created_at: string;
}

export interface SessionClaims {
  sub: string;
  alias: string;
  authorities: string[];
  location: string;
  iat: number;
  exp: number;
  type: 'user' | 'organisation' | 'project' | 'job';
  id_o?: string;
  id_p?: string;
  id_j?: string;
}

export interface Session {
  user: User;
  session: SessionClaims | null;
}

export interface MessageResponse {
  message: string;
}
