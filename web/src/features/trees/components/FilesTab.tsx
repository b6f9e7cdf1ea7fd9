import { useTranslation } from 'react-i18next';
import { Stack } from '@mantine/core';
import type { FileOwner, StoredFile } from '@/api/documents/documents';
import { EditableDocumentList } from '@/components/documents/EditableDocumentList';

/** Documents: the object's reports, expert opinions and permits (its files that are not photos). */
export function DocumentsTab(props: { owner: FileOwner; files: StoredFile[]; loading: boolean; mayEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" pb="md" data-testid="tree-documents">
      <EditableDocumentList
        {...props}
        addLabel={t('documents.addDocuments')}
        uploadTestId="upload-documents"
        emptyTitle={t('trees.files.documents.title')}
        emptyText={props.mayEdit ? t('trees.files.documents.textEdit') : t('trees.files.documents.text')}
      />
    </Stack>
  );
}
