import type { FormEventHandler, ReactNode } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { ModalActions } from './ModalActions';

/**
 * The frame of a modal form that creates something (a job, a project, an organisation) or invites
 * people: its title, a line saying what it does, the fields, then the server's error and
 * Cancel / submit. `close`, `submit` and `generalError` come from `createForm` (lib/createForm.ts)
 * or the form's own hooks.
 */
export function CreateModal({
  opened,
  title,
  text,
  testId,
  close,
  submit,
  generalError,
  loading,
  submitLabel,
  submitTestId,
  size = 'lg',
  children,
}: {
  opened: boolean;
  title: ReactNode;
  text: ReactNode;
  testId: string;
  close: () => void;
  submit: FormEventHandler<HTMLFormElement>;
  generalError: ReactNode;
  loading: boolean;
  submitLabel: ReactNode;
  submitTestId: string;
  size?: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={650}>{title}</Text>} centered size={size}>
      <form onSubmit={submit} noValidate data-testid={testId}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {text}
          </Text>
          {children}
          <ModalActions
            error={generalError}
            onCancel={close}
            loading={loading}
            submit={submitLabel}
            submitTestId={submitTestId}
          />
        </Stack>
      </form>
    </Modal>
  );
}
