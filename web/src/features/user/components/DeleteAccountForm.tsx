import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useDeleteUser } from '../api/deleteUser';

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
    <form onSubmit={submit} noValidate data-testid="delete-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('user.deleteConfirmText')}
        </Text>
        <PasswordInput
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          data-autofocus
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('user.cancel')}
          </Button>
          <Button type="submit" color="red" loading={del.isPending} data-testid="delete-confirm">
            {t('user.deleteConfirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
