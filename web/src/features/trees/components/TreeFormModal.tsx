import type { FormEvent, ReactNode } from 'react';
import { Modal, Stack } from '@mantine/core';
import { ErrorAlert } from '@/components/ErrorAlert';
import { ModalActions } from '@/components/ModalActions';

/** A form of the info window in a modal (a work, an inspection): the refusal on top, the fields, Cancel and submit. */
export function TreeFormModal({
  opened,
  onClose,
  title,
  testId,
  message,
  onSubmit,
  loading,
  submit,
  submitTestId,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  message: string | null;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  loading: boolean;
  submit: string;
  submitTestId: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered data-testid={testId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {message && <ErrorAlert>{message}</ErrorAlert>}
          {children}
          <ModalActions onCancel={onClose} loading={loading} submit={submit} submitTestId={submitTestId} />
        </Stack>
      </form>
    </Modal>
  );
}
