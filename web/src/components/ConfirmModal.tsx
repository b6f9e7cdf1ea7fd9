import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Confirmation before something is removed or ended; the error of a refused call shows inside. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  loading,
  error,
  onConfirm,
  onClose,
  testId,
  confirmColor = 'red',
}: {
  opened: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  loading?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
  /** The confirming button's colour: red for removing, another for going ahead despite a warning. */
  confirmColor?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={650}>{title}</Text>} centered>
      <Stack gap="md" data-testid={testId}>
        <Text size="sm">{children}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="modal-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color={confirmColor} loading={loading} onClick={onConfirm} data-testid="confirm-button">
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
