import { describe, expect, it } from 'vitest';
import { photoClientId } from './clientId';
import type { PhotoTarget } from './types';

const tree: PhotoTarget = { id: 't1', single_tree: true, number: 7, number_text: '', species_botanical: '' };
const file = (bytes: number[], name = '7.jpg', lastModified = 1) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg', lastModified });

describe('photoClientId', () => {
  it('is the same for the same photo to the same tree, whatever its date', async () => {
    expect(await photoClientId('p', tree, file([1, 2, 3], '7.jpg', 1))).toBe(
      await photoClientId('p', tree, file([1, 2, 3], '7.jpg', 999)),
    );
  });
  it('differs for another photo, another name, another tree or project', async () => {
    const a = await photoClientId('p', tree, file([1, 2, 3]));
    expect(await photoClientId('p', tree, file([1, 2, 4]))).not.toBe(a);
    expect(await photoClientId('p', tree, file([1, 2, 3], '8.jpg'))).not.toBe(a);
    expect(await photoClientId('p', { ...tree, id: 't2' }, file([1, 2, 3]))).not.toBe(a);
    expect(await photoClientId('q', tree, file([1, 2, 3]))).not.toBe(a);
    expect(a.length).toBeLessThanOrEqual(100);
  });
});
