import type { ComponentProps } from 'react';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { ConfirmModal } from './ConfirmModal';

/**
 * A confirmation that runs one call: pending and refused inside the modal, a notice
 * saying what was done, and the refusal forgotten when the modal closes or the call succeeds.
 * `input` is null while there is nothing to confirm.
 */
export function MutationConfirm<TData, TInput>({
  mutation,
  input,
  done,
  onDone,
  onClose,
  ...modal
}: Omit<ComponentProps<typeof ConfirmModal>, 'loading' | 'error' | 'onConfirm'> & {
  mutation: UseMutationResult<TData, Error, TInput>;
  input: TInput | null;
  /** The notice once the call succeeded. */
  done: (answer: TData) => string;
  onDone: () => void;
}) {
  return (
    <ConfirmModal
      {...modal}
      loading={mutation.isPending}
      error={mutation.error?.message ?? null}
      onConfirm={() =>
        input !== null &&
        mutation.mutate(input, {
          onSuccess: (answer) => {
            notifications.show({ color: 'arbor', message: done(answer) });
            mutation.reset();
            onDone();
          },
        })
      }
      onClose={() => {
        mutation.reset();
        onClose();
      }}
    />
  );
}
