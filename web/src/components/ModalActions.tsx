import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The foot of a modal form: the server's error, if any, then Cancel and the submit button. */
export function ModalActions({
  error,
  onCancel,
  loading,
  submit,
  submitTestId,
  disabled,
}: {
  error?: ReactNode;
  onCancel: () => void;
  loading?: boolean;
  submit: ReactNode;
  submitTestId?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="modal-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={loading} disabled={disabled} data-testid={submitTestId}>
          {submit}
        </Button>
      </Group>
    </>
  );
}
