import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEmailListRule } from '@/components/EmailListInput';
import { ApiError } from '@/lib/api';
import { joinEmails, parseEmailList } from '@/lib/emails';

/**
 * The form of a modal that sends a comma-separated e-mail list (sharing a filter, inviting
 * administrators): the list's rule, the list sent as the server reads it, the server's word on
 * the list under the field and any other above the button, and a clean form when closed or done.
 * `send` gives the mutation's input for the list, or null when there is nothing to send it for.
 */
export function useEmailListForm<TData, TVars>({
  mutation,
  send,
  onDone,
  onClose,
}: {
  mutation: UseMutationResult<TData, Error, TVars>;
  send: (emails: string) => TVars | null;
  onDone: (answer: TData) => void;
  onClose: () => void;
}) {
  const emailRule = useEmailListRule();
  const form = useForm({ mode: 'controlled', initialValues: { emails: '' }, validate: { emails: emailRule } });
  const close = () => {
    form.reset();
    mutation.reset();
    onClose();
  };
  const submit = form.onSubmit(({ emails }) => {
    const vars = send(joinEmails(parseEmailList(emails).emails));
    if (vars === null) return;
    mutation.mutate(vars, {
      onSuccess: (answer) => {
        form.reset();
        onDone(answer);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields.emails) form.setErrors({ emails: e.message });
      },
    });
  });
  const generalError =
    mutation.error instanceof ApiError && !mutation.error.fields.emails ? mutation.error.message : null;
  return { form, close, submit, generalError, loading: mutation.isPending };
}
