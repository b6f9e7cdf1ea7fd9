import { useState } from 'react';
import type { FormValidateInput } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { IconCheck } from '@tabler/icons-react';
import { ApiError } from '@/lib/api';
import { useObjectForm } from './useObjectForm';

/**
 * The form of a versioned object (organisation, project; see useObjectForm) that saves as a whole:
 * the server refuses a save from a stale form (409 → `stale`, with `reload`), and a save loads
 * what the server answers.
 */
export function useVersionedForm<O extends { id: string; version: number }, F extends object, A>({
  object,
  fieldsOf,
  validate,
  mutation,
  toArgs,
  savedMessage,
}: {
  object: O;
  fieldsOf: (o: O) => F;
  validate?: FormValidateInput<F & { version: number }>;
  mutation: UseMutationResult<O, unknown, A>;
  toArgs: (values: F & { version: number }) => A;
  savedMessage: string;
}) {
  const [stale, setStale] = useState(false);
  const { form, load } = useObjectForm(object, fieldsOf, validate);

  const submit = form.onSubmit((values) =>
    mutation.mutate(toArgs(values), {
      onSuccess: (saved) => {
        setStale(false);
        load(saved);
        notifications.show({ color: 'arbor', icon: <IconCheck size={18} />, message: savedMessage });
      },
      onError: (e) => {
        if (!(e instanceof ApiError)) return;
        if (e.stale) setStale(true);
        form.setErrors(e.fields);
      },
    }),
  );
  const reload = () => {
    load(object);
    setStale(false);
  };
  return { form, submit, stale, reload };
}
