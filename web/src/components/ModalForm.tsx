import type { FormEventHandler, ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { ModalActions } from './ModalActions';

/**
 * The body of a modal form: a line saying what it does, the fields, then the server's error and
 * Cancel / submit. CreateModal puts it in a modal of its own; a modal that shows something else
 * once done (a new API key) or one opened through `modals` uses it directly.
 */
export function ModalForm({
  text,
  testId,
  onCancel,
  submit,
  generalError,
  loading,
  submitLabel,
  submitTestId,
  color,
  children,
}: {
  text: ReactNode;
  testId: string;
  onCancel: () => void;
  submit: FormEventHandler<HTMLFormElement>;
  generalError?: ReactNode;
  loading: boolean;
  submitLabel: ReactNode;
  submitTestId: string;
  color?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        {children}
        <ModalActions
          error={generalError}
          onCancel={onCancel}
          loading={loading}
          submit={submitLabel}
          submitTestId={submitTestId}
          color={color}
        />
      </Stack>
    </form>
  );
}
