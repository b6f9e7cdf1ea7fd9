import type { ComponentProps } from 'react';
import { DocumentList } from './DocumentList';
import { ACCEPT_DOCUMENTS } from './fileIcons';
import { UploadButton } from './UploadButton';

/** An owner's documents (its files that are not photos), under the button that adds more for the
 * people who may edit them. */
export function EditableDocumentList({
  addLabel,
  uploadTestId,
  ...list
}: { addLabel: string; uploadTestId: string } & ComponentProps<typeof DocumentList>) {
  return (
    <>
      {list.mayEdit && (
        <UploadButton owner={list.owner} accept={ACCEPT_DOCUMENTS} label={addLabel} testId={uploadTestId} />
      )}
      <DocumentList {...list} />
    </>
  );
}
