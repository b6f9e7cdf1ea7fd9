import { useEffect } from 'react';
import { useForm, type FormValidateInput } from '@mantine/form';

/**
 * The form of one versioned object (an organisation, a project, a tree): its values carry the
 * `version` they were loaded from, so a save names the state it changes. While nobody edits it, the
 * form follows the server's state (a newer version, or another object); `load` makes an object's
 * values the form's new starting point.
 */
export function useObjectForm<O extends { id: string; version: number }, F extends object>(
  object: O,
  fieldsOf: (o: O) => F,
  validate?: FormValidateInput<F & { version: number }>,
) {
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
  useEffect(() => {
    if (!form.isDirty()) load(object);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [object.version, object.id]);
  return { form, load };
}
