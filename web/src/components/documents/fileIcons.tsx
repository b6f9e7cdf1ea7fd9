import {
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeCsv,
  IconFileTypeDocx,
  IconFileTypePdf,
  IconFileTypeTxt,
  IconFileTypeXls,
  IconPhoto,
} from '@tabler/icons-react';
import type { StoredFile } from '@/api/documents/documents';

/** The icon and colour of a file's type. */
export function fileIcon(f: Pick<StoredFile, 'content_type' | 'kind'>) {
  const t = f.content_type;
  if (f.kind === 'photo') return { Icon: IconPhoto, color: 'teal' };
  if (t === 'application/pdf') return { Icon: IconFileTypePdf, color: 'red' };
  if (t.includes('wordprocessingml')) return { Icon: IconFileTypeDocx, color: 'blue' };
  if (t.includes('spreadsheetml')) return { Icon: IconFileTypeXls, color: 'green' };
  if (t.includes('opendocument.spreadsheet')) return { Icon: IconFileSpreadsheet, color: 'green' };
  if (t === 'text/csv') return { Icon: IconFileTypeCsv, color: 'lime' };
  if (t === 'text/plain') return { Icon: IconFileTypeTxt, color: 'gray' };
  return { Icon: IconFileText, color: 'indigo' };
}

/** What an upload field accepts (the server checks the content anyway). */
export const ACCEPT_PHOTOS = 'image/jpeg,image/png,image/webp';
export const ACCEPT_DOCUMENTS =
  '.pdf,.docx,.xlsx,.odt,.ods,.txt,.csv,application/pdf,text/plain,text/csv,' +
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document,' +
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,' +
  'application/vnd.oasis.opendocument.text,application/vnd.oasis.opendocument.spreadsheet';
