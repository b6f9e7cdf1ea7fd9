import { useState } from 'react';
import { Alert, Button, FileButton, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useUploadFile, type FileOwner } from '@/api/documents/documents';

/**
 * Uploads the chosen files one after another; each refused one is named with the server's
 * message ('Invalid file format', 'Photo storage full' …), the others go on.
 */
export function UploadButton({
  owner,
  accept,
  label,
  testId,
}: {
  owner: FileOwner;
  accept: string;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const upload = useUploadFile(owner);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const send = async (files: File[]) => {
    setBusy(true);
    setErrors([]);
    const failed: string[] = [];
    for (const f of files) {
      try {
        await upload.mutateAsync(f);
      } catch (e) {
        failed.push(`${f.name}: ${e instanceof ApiError ? e.message : t('documents.uploadFailed')}`);
      }
    }
    setErrors(failed);
    setBusy(false);
  };
  return (
    <Stack gap="xs">
      <FileButton onChange={(fs) => fs.length > 0 && void send(fs)} accept={accept} multiple>
        {(props) => (
          <Button {...props} leftSection={<IconUpload size={16} />} loading={busy} variant="light" data-testid={testId}>
            {label}
          </Button>
        )}
      </FileButton>
      {errors.length > 0 && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setErrors([])}
          data-testid="upload-error"
        >
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </Alert>
      )}
    </Stack>
  );
}
