import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useDeleteUser } from '../api/deleteUser';
import { ModalForm } from '@/components/ModalForm';
import { CurrentPasswordInput } from '@/components/AccountFields';

/** The confirmation of the delete-account modal: asks for the password. */
export function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const del = useDeleteUser();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: { password: (v) => (v ? null : t('errors.required')) },
  });
  const submit = form.onSubmit(({ password }) =>
    del.mutate(password, {
      onSuccess: () => {
        modals.closeAll();
        notifications.show({ color: 'arbor', message: t('user.deleted') });
      },
      onError: (e) => {
        if (e instanceof ApiError) {
          form.setErrors(Object.keys(e.fields).length ? e.fields : { password: e.message });
        }
      },
    }),
  );
  return (
    <ModalForm
      text={t('user.deleteConfirmText')}
      testId="delete-form"
      onCancel={onCancel}
      submit={submit}
      loading={del.isPending}
      submitLabel={t('user.deleteConfirm')}
      submitTestId="delete-confirm"
      color="red"
    >
      <CurrentPasswordInput data-autofocus {...form.getInputProps('password')} />
    </ModalForm>
  );
}
