import { useState, type ComponentProps } from 'react';
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
  /** The notice once the call succeeded; none where what changed shows by itself. */
  done?: (answer: TData) => string;
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
            if (done) notifications.show({ color: 'arbor', message: done(answer) });
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

/**
 * The row a MutationConfirm is open for (an administrator to remove, a key to revoke …): `ask`
 * opens it for a row, `confirm` is what the MutationConfirm needs of it besides its words.
 */
export function useConfirmTarget<T, TData, TInput>(
  mutation: UseMutationResult<TData, Error, TInput>,
  input: (target: T) => TInput,
  done?: (target: T, answer: TData) => string,
) {
  const [target, setTarget] = useState<T | null>(null);
  const forget = () => setTarget(null);
  const confirm = {
    mutation,
    input: target === null ? null : input(target),
    done: target !== null && done ? (answer: TData) => done(target, answer) : undefined,
    opened: target !== null,
    onDone: forget,
    onClose: forget,
  };
  return { target, ask: setTarget, confirm };
}
