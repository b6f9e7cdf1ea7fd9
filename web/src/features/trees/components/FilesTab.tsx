import { useTranslation } from 'react-i18next';
import { Stack } from '@mantine/core';
import type { FileOwner, StoredFile } from '@/api/documents/documents';
import { DocumentList } from '@/components/documents/DocumentList';
import { ACCEPT_DOCUMENTS } from '@/components/documents/fileIcons';
import { UploadButton } from '@/components/documents/UploadButton';

/** Documents: the object's reports, expert opinions and permits (its files that are not photos). */
export function DocumentsTab({
  owner,
  files,
  loading,
  mayEdit,
}: {
  owner: FileOwner;
  files: StoredFile[];
  loading: boolean;
  mayEdit: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" pb="md" data-testid="tree-documents">
      {mayEdit && (
        <UploadButton
          owner={owner}
          accept={ACCEPT_DOCUMENTS}
          label={t('documents.addDocuments')}
          testId="upload-documents"
        />
      )}
      <DocumentList
        owner={owner}
        files={files}
        loading={loading}
        mayEdit={mayEdit}
        emptyTitle={t('trees.files.documents.title')}
        emptyText={mayEdit ? t('trees.files.documents.textEdit') : t('trees.files.documents.text')}
      />
    </Stack>
  );
}
