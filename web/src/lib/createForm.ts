import type { UseFormReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * What a modal form that creates something needs around its mutation: `close` forgets what was
 * typed and the last error, `submit` sends the checked values and puts the server's field errors
 * on their fields, and `generalError` is the server's message when it names no field.
 */
export function createForm<V extends Record<string, unknown>, A, R>(
  form: UseFormReturnType<V>,
  create: UseMutationResult<R, unknown, A>,
  toArgs: (values: V) => A,
  onCreated: (created: R) => void,
  onClose: () => void,
) {
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(toArgs(values), {
      onSuccess: (created) => {
        form.reset();
        onCreated(created);
      },
      onError: (e) => e instanceof ApiError && form.setErrors(e.fields),
    }),
  );
  const generalError =
    create.error instanceof ApiError && !Object.keys(create.error.fields).length ? create.error.message : null;
  return { close, submit, generalError };
}
