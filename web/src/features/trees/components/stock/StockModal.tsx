import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface StockModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Names the modal (`<testId>-modal`) and its confirm button (`<testId>-submit`). */
  testId: string;
  /** What the change means, and any field it asks. */
  children: ReactNode;
  error: string | null;
  confirm: { label: string; color?: string; loading: boolean; onClick: () => void };
  /** The confirm button takes the focus (when the modal asks for no field). */
  focusConfirm?: boolean;
}

/** A confirmation of a change of the tree's stock state: felling, un-felling, archiving. */
export function StockModal({
  opened,
  onClose,
  title,
  testId,
  children,
  error,
  confirm,
  focusConfirm,
}: StockModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid={`${testId}-modal`}>
      <Stack gap="md">
        {children}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color={confirm.color}
            loading={confirm.loading}
            onClick={confirm.onClick}
            data-testid={`${testId}-submit`}
            data-autofocus={focusConfirm || undefined}
          >
            {confirm.label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
