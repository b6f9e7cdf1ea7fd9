import { postForm } from '@/lib/postForm';
import type { ImportOptions } from './types';

/** POSTs a register file with the wizard's options; the server reads it from a temporary file. */
export function postImport<T>(path: string, file: File, options: ImportOptions): Promise<T> {
  const form = new FormData();
  form.append('options', JSON.stringify(options));
  form.append('file', file, file.name);
  return postForm<T>(path, form);
}
