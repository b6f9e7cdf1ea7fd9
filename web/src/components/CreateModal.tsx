import type { FormEventHandler, ReactNode } from 'react';
import { Modal, Text } from '@mantine/core';
import { ModalForm } from './ModalForm';

/**
 * The frame of a modal form that creates something (a job, a project, an organisation) or invites
 * people: its title, a line saying what it does, the fields, then the server's error and
 * Cancel / submit. `close`, `submit` and `generalError` come from `createForm` (lib/createForm.ts)
 * or the form's own hooks.
 */
export function CreateModal({
  opened,
  title,
  close,
  size = 'lg',
  ...form
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
      <ModalForm onCancel={close} {...form} />
    </Modal>
  );
}
