import type { UseFormReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError } from './api';

/** What a page gives a modal form that creates something: whether it is open, and what to do after. */
export interface CreateModalProps<R> {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: R) => void;
}

/**
 * What a modal form that creates something needs around its mutation (all that CreateModal takes
 * besides its texts): `close` forgets what was typed and the last error, `submit` sends the checked
 * values and puts the server's field errors on their fields (as `fieldErrors` words them), and
 * `generalError` is the server's message when it names no field.
 */
export function createForm<V extends Record<string, unknown>, A, R>(
  form: UseFormReturnType<V>,
  create: UseMutationResult<R, unknown, A>,
  toArgs: (values: V) => A,
  { opened, onClose, onCreated }: CreateModalProps<R>,
  fieldErrors: (e: ApiError) => Record<string, string> = (e) => e.fields,
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
      onError: (e) => e instanceof ApiError && form.setErrors(fieldErrors(e)),
    }),
  );
  const generalError =
    create.error instanceof ApiError && !Object.keys(create.error.fields).length ? create.error.message : null;
  return { opened, close, submit, generalError, loading: create.isPending };
}
