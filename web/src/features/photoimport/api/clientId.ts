import type { PhotoTarget } from './types';

/** cyrb53, a small fast hash of a sequence of numbers (bytes or character codes), as 16 hex digits. */
function cyrb53(values: ArrayLike<number>): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < values.length; i++) {
    h1 = Math.imul(h1 ^ values[i], 2654435761);
    h2 = Math.imul(h2 ^ values[i], 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(h2) + hex(h1);
}

/**
 * A client id that is the same each time this photo is imported to this object — from its name,
 * size and first 64 kB, not from the file's date, which a copy changes — so a batch broken off
 * and started again, or imported twice, stores each photo once.
 */
export async function photoClientId(projectId: string, target: PhotoTarget, f: File): Promise<string> {
  const head = new Uint8Array(await f.slice(0, 64 * 1024).arrayBuffer());
  const where = [...`${projectId}/${target.id}/${f.name}`].map((c) => c.charCodeAt(0));
  return `photo-import-${cyrb53(where)}-${cyrb53(head)}-${f.size}`;
}
