import type { FormEventHandler, ReactNode } from 'react';
import { Modal, Text } from '@mantine/core';
import { ModalForm } from './ModalForm';

/**
 * The frame of a modal form that creates something (a job, a project, an organisation) or invites
 * people: its title, a line saying what it does, the fields, then the server's error and
 * Cancel / submit. `opened`, `close`, `submit`, `generalError` and `loading` come from `createForm`
 * (lib/createForm.ts) or the form's own hooks; the form is `{testId}-form`, its button `{testId}-submit`.
 */
export function CreateModal({
  opened,
  close,
  copy,
  testId,
  size = 'lg',
  ...form
}: {
  opened: boolean;
  close: () => void;
  submit: FormEventHandler<HTMLFormElement>;
  generalError: ReactNode;
  loading: boolean;
  copy: { title: ReactNode; text: ReactNode; button: ReactNode };
  testId: string;
  size?: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={650}>{copy.title}</Text>} centered size={size}>
      <ModalForm
        onCancel={close}
        text={copy.text}
        testId={`${testId}-form`}
        submitLabel={copy.button}
        submitTestId={`${testId}-submit`}
        {...form}
      />
    </Modal>
  );
}
