import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { postForm } from '@/lib/postForm';
import { organisationUrl } from '@/api/organisations/url';

/** A stored photo or document (docs/API.md "Photos and documents"). */
export interface StoredFile {
  id: string;
  project: string | null;
  object_type: 'tree' | 'group' | 'check' | 'action' | 'job' | 'project' | 'organisation';
  object_id: string;
  tree: string | null;
  client_id: string | null;
  kind: 'photo' | 'document';
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  caption: string;
  width: number | null;
  height: number | null;
  /** The camera's clock, without a zone: shown as it is. */
  taken_at: string | null;
  taken_lat: number | null;
  taken_lon: number | null;
  thumbs: 'none' | 'pending' | 'ready' | 'failed';
  username: string;
  alias: string;
  created_at: string;
  updated_at: string;
}

export interface FileList {
  documents: StoredFile[];
  photos: number;
  files: number;
  may_edit: boolean;
}

export interface DataSpace {
  data_space_mb_max: number;
  data_space_mb_used: number;
  data_space_bytes_used: number;
  data_space_bytes_available: number;
  data_space_percent_in_use: number;
}

/** Where a list of files belongs: an object of a project, or the organisation itself. */
export type FileOwner =
  | {
      kind: 'object';
      projectId: string;
      objectType: 'tree' | 'group' | 'check' | 'action' | 'job' | 'project';
      objectId: string;
    }
  | { kind: 'organisation'; organisationId: string };

export const documentKeys = {
  all: ['documents'] as const,
  list: (o: FileOwner) =>
    o.kind === 'object'
      ? (['documents', o.projectId, o.objectType, o.objectId] as const)
      : (['documents', 'organisation', o.organisationId] as const),
  space: (organisationId: string) => ['documents', 'space', organisationId] as const,
};

const listPath = (o: FileOwner) =>
  o.kind === 'object'
    ? inProject(
        `/api/document/list?object_type=${o.objectType}&object_id=${encodeURIComponent(o.objectId)}`,
        o.projectId,
      )
    : organisationUrl(o.organisationId, '/documents');

/** The files of an owner; while a photo's thumbnails are being made, asks again now and then. */
export function useFiles(o: FileOwner | null) {
  return useQuery({
    queryKey: o ? documentKeys.list(o) : ['documents', 'none'],
    queryFn: () => api.get<FileList>(listPath(o!), { silent: true }),
    enabled: !!o,
    refetchInterval: (q) => (q.state.data?.documents.some((d) => d.thumbs === 'pending') ? 1500 : false),
  });
}

/** The organisation's storage for photos and documents. */
export function useDataSpace(organisationId: string | undefined) {
  return useQuery({
    queryKey: documentKeys.space(organisationId ?? ''),
    queryFn: () => api.get<DataSpace>(`/api/document/size/${encodeURIComponent(organisationId!)}`, { silent: true }),
    enabled: !!organisationId,
  });
}

/** The address of a file's bytes: a download, the photo itself, or a thumbnail. */
export function fileURL(o: FileOwner, f: StoredFile, what: 'download' | 'image' | 'small' | 'large'): string {
  if (o.kind === 'organisation') {
    return organisationUrl(o.organisationId, `/documents/${f.id}`);
  }
  const v = f.thumbs === 'ready' ? `&v=${f.thumbs}` : '';
  switch (what) {
    case 'download':
      return inProject(`/api/document/download/${f.id}`, o.projectId);
    case 'image':
      return inProject(`/api/document/image/${f.id}`, o.projectId);
    default:
      return inProject(`/api/document/thumbnail/${f.id}?size=${what}${v}`, o.projectId);
  }
}

function filePath(o: FileOwner, id: string, action: 'edit' | 'delete') {
  return o.kind === 'organisation'
    ? organisationUrl(o.organisationId, `/documents/${id}`)
    : inProject(`/api/document/${action}/${id}`, o.projectId);
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: documentKeys.all });
    void qc.invalidateQueries({ queryKey: ['trees'] });
    void qc.invalidateQueries({ queryKey: ['organisations'] });
  };
}

/** Uploads a file (multipart, streamed by the browser) with an id of its own, so a retry is safe. */
export function useUploadFile(o: FileOwner | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const clientId = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : '';
      const path =
        o!.kind === 'object'
          ? inProject(
              `/api/document/save?object_type=${o!.objectType}&object_id=${encodeURIComponent(o!.objectId)}&client_id=${clientId}`,
              o!.projectId,
            )
          : organisationUrl(o!.organisationId, `/documents?client_id=${clientId}`);
      return postForm<StoredFile>(path, form);
    },
    onSettled: invalidate,
  });
}

export function useEditFile(o: FileOwner | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name, caption }: { id: string; name?: string; caption?: string }) =>
      api.put<StoredFile>(filePath(o!, id, 'edit'), { name, caption }, { silent: true }),
    onSettled: invalidate,
  });
}

export function useDeleteFile(o: FileOwner | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(filePath(o!, id, 'delete'), undefined, { silent: true }),
    onSettled: invalidate,
  });
}

/** A size in bytes as people read it: 840 B, 12 KB, 3.4 MB; in steps of 1024, as the quota is counted. */
export function formatBytes(n: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const digits = i === 0 || v >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(v)} ${units[i]}`;
}
