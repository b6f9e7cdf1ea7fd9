import { useEffect, useState } from 'react';
import { useForm, type FormValidateInput } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { IconCheck } from '@tabler/icons-react';
import { ApiError } from '@/lib/api';

/**
 * The form of a versioned object (organisation, project): its values carry the `version` they were
 * loaded from, so the server refuses a save from a stale form (409 → `stale`, with `reload`). The
 * form follows the server's state while nobody is editing, and a save loads what the server answers.
 */
export function useVersionedForm<O extends { version: number }, F extends object, A>({
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
  const form = useForm<F & { version: number }>({
    mode: 'controlled',
    initialValues: { ...fieldsOf(object), version: object.version },
    validate,
  });
  const load = (o: O) => {
    const values = { ...fieldsOf(o), version: o.version };
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  };
  // Follow the server's state unless the person is editing.
  useEffect(() => {
    if (!form.isDirty()) load(object);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [object.version]);

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
