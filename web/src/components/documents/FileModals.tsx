import { useEffect } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useInputState } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { ConfirmModal } from '@/components/ConfirmModal';
import { useDeleteFile, useEditFile, type FileOwner, type StoredFile } from '@/api/documents/documents';

const message = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message : e ? fallback : null);

/** The delete document modal (docs/PRODUCT.md §2): confirmation before a file goes for good. */
export function DeleteFileModal({
  owner,
  file,
  onClose,
  onDeleted,
}: {
  owner: FileOwner;
  file: StoredFile | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const del = useDeleteFile(owner);
  useEffect(() => del.reset(), [file?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <ConfirmModal
      opened={!!file}
      title={file?.kind === 'photo' ? t('documents.delete.photoTitle') : t('documents.delete.title')}
      confirmLabel={t('documents.delete.confirm')}
      loading={del.isPending}
      error={message(del.error, t('errors.generic'))}
      onClose={onClose}
      testId="delete-document-modal"
      onConfirm={() =>
        file &&
        del.mutate(file.id, {
          onSuccess: () => {
            onClose();
            onDeleted?.();
          },
        })
      }
    >
      {t('documents.delete.text', { name: file?.name ?? '' })}
    </ConfirmModal>
  );
}

/** Rename a file or change its caption. */
export function EditFileModal({
  owner,
  file,
  onClose,
}: {
  owner: FileOwner;
  file: StoredFile | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={!!file} onClose={onClose} title={<Text fw={650}>{t('documents.edit.title')}</Text>} centered>
      {file && <EditFileForm key={file.id} owner={owner} file={file} onClose={onClose} />}
    </Modal>
  );
}

function EditFileForm({ owner, file, onClose }: { owner: FileOwner; file: StoredFile; onClose: () => void }) {
  const { t } = useTranslation();
  const edit = useEditFile(owner);
  const [name, setName] = useInputState(file.name);
  const [caption, setCaption] = useInputState(file.caption);
  const fieldError = edit.error instanceof ApiError ? edit.error.fields : {};
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        edit.mutate({ id: file.id, name, caption }, { onSuccess: onClose });
      }}
    >
      <Stack gap="md" data-testid="edit-document-modal">
        <TextInput
          label={t('documents.edit.name')}
          value={name}
          onChange={setName}
          error={fieldError.name}
          required
          data-autofocus
          data-testid="document-name-input"
        />
        <Textarea
          label={t('documents.edit.caption')}
          value={caption}
          onChange={setCaption}
          error={fieldError.caption}
          autosize
          minRows={2}
          maxRows={6}
          data-testid="document-caption-input"
        />
        {edit.error && !(edit.error instanceof ApiError && Object.keys(edit.error.fields).length > 0) && (
          <Alert color="red" variant="light" role="alert">
            {message(edit.error, t('errors.generic'))}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={edit.isPending} data-testid="document-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
