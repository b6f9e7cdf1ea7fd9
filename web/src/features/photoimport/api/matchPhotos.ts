import { inProject } from '@/lib/inProject';
import { postForm } from '@/lib/postForm';
import type { PhotoMatch } from './types';

/** Photos sent to one match call; the server takes up to 200. */
const BATCH = 50;
/** The server reads a photo's first 128 kB (its type and EXIF); only those are sent. */
const HEAD = 128 * 1024;

/**
 * Asks which tree or group each photo shows (by the number in its name or the place in its EXIF),
 * in batches, sending only each photo's first bytes; onProgress says how many are matched so far.
 */
export async function matchPhotos(
  projectId: string,
  photos: File[],
  radius: number,
  onProgress: (done: number) => void,
): Promise<PhotoMatch[]> {
  const out: PhotoMatch[] = [];
  for (let i = 0; i < photos.length; i += BATCH) {
    const form = new FormData();
    form.append('radius', String(radius));
    for (const f of photos.slice(i, i + BATCH)) form.append('file', f.slice(0, HEAD), f.name);
    const res = await postForm<{ matches: PhotoMatch[] }>(inProject('/api/document/import', projectId), form);
    out.push(...res.matches);
    onProgress(out.length);
  }
  return out;
}
