import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The foot of a modal form: the server's error, if any, then Cancel and the submit button. Outside
 * a form, onSubmit is what the button does.
 */
export function ModalActions({
  error,
  onCancel,
  loading,
  submit,
  submitTestId,
  disabled,
  onSubmit,
  icon,
  color,
}: {
  error?: ReactNode;
  onCancel: () => void;
  loading?: boolean;
  submit: ReactNode;
  submitTestId?: string;
  disabled?: boolean;
  onSubmit?: () => void;
  icon?: ReactNode;
  color?: string;
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
        <Button
          type={onSubmit ? 'button' : 'submit'}
          onClick={onSubmit}
          leftSection={icon}
          color={color}
          loading={loading}
          disabled={disabled}
          data-testid={submitTestId}
        >
          {submit}
        </Button>
      </Group>
    </>
  );
}
