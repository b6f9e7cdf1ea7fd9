import { inProject } from '@/lib/inProject';
import { postForm } from '@/lib/postForm';
import { photoClientId } from './clientId';
import type { PhotoTarget } from './types';

/** Attaches one photo of a batch to its tree or group. */
export async function savePhoto(projectId: string, target: PhotoTarget, f: File) {
  const form = new FormData();
  form.append('file', f, f.name);
  const q = new URLSearchParams({
    object_type: target.single_tree ? 'tree' : 'group',
    object_id: target.id,
    client_id: await photoClientId(projectId, target, f),
  });
  return postForm<unknown>(inProject(`/api/document/save?${q.toString()}`, projectId), form);
}
