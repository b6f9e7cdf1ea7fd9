/** The parts of an OpenAPI 3.1 document the API reference page shows. */
export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { type?: string; format?: string };
}

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  operationId?: string;
  security?: unknown[];
  parameters?: OpenApiParameter[];
}

export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

export interface ApiOperation {
  method: string;
  path: string;
  summary: string;
  description: string;
  /** `security: []`: callable without a session. */
  public: boolean;
  pathParams: OpenApiParameter[];
}

export interface ApiGroup {
  /** For example "auth", "management/user", "management/project". */
  name: string;
  operations: ApiOperation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const METHOD_ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 2, PATCH: 3, DELETE: 4 };

/** Colour of the method badge. */
export const METHOD_COLORS: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'grape',
  DELETE: 'red',
};

/**
 * The group of a path: its first segment after /api, and for /api/management the second one too
 * ("/api/management/project/{id}/settings" → "management/project"). Parameters never name a group.
 */
export function groupOf(path: string): string {
  const segments = path
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter((s) => s && !s.startsWith('{'));
  if (segments.length === 0) return '';
  if (segments[0] === 'management' && segments.length > 1) {
    // project-list lists projects: keep it with the other project calls.
    const second = segments[1] === 'project-list' ? 'project' : segments[1];
    return `management/${second}`;
  }
  return segments[0];
}

/** Groups the operations of the document by groupOf, in path order, methods GET, POST, PUT, DELETE. */
export function groupOperations(doc: OpenApiDocument | undefined | null): ApiGroup[] {
  const groups = new Map<string, ApiOperation[]>();
  for (const [path, item] of Object.entries(doc?.paths ?? {})) {
    for (const m of METHODS) {
      const op = item?.[m];
      if (!op) continue;
      const name = groupOf(path);
      const list = groups.get(name) ?? [];
      list.push({
        method: m.toUpperCase(),
        path,
        summary: op.summary ?? '',
        description: op.description ?? '',
        public: Array.isArray(op.security) && op.security.length === 0,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path'),
      });
      groups.set(name, list);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, operations]) => ({
      name,
      operations: operations.sort(
        (a, b) => a.path.localeCompare(b.path) || (METHOD_ORDER[a.method] ?? 9) - (METHOD_ORDER[b.method] ?? 9),
      ),
    }));
}
