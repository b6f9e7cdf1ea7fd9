import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { EmailListInput, useEmailListRule } from '@/components/EmailListInput';
import { ApiError } from '@/lib/api';
import { joinEmails, parseEmailList } from '@/lib/emails';
import { useAddAdministrators } from '../api/addAdministrators';
import { ModalActions } from '@/components/ModalActions';

/** "Add administrator": comma-separated e-mail addresses of people with an account. */
export function AddAdministratorModal({
  organisationId,
  opened,
  onClose,
  onAdded,
}: {
  organisationId: string;
  opened: boolean;
  onClose: () => void;
  onAdded: (count: number) => void;
}) {
  const { t } = useTranslation();
  const add = useAddAdministrators();
  const emailRule = useEmailListRule();
  const form = useForm({
    mode: 'controlled',
    initialValues: { emails: '' },
    validate: {
      emails: emailRule,
    },
  });
  const close = () => {
    form.reset();
    add.reset();
    onClose();
  };
  const submit = form.onSubmit(({ emails }) => {
    const list = parseEmailList(emails).emails;
    add.mutate(
      { id: organisationId, emails: joinEmails(list) },
      {
        onSuccess: () => {
          form.reset();
          onAdded(list.length);
        },
        onError: (e) => {
          if (e instanceof ApiError) form.setErrors(e.fields.emails ? { emails: e.message } : {});
        },
      },
    );
  });
  const generalError = add.error instanceof ApiError && !add.error.fields.emails ? add.error.message : null;
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={650}>{t('admins.addTitle')}</Text>} centered>
      <form onSubmit={submit} noValidate data-testid="add-admin-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('admins.addText')}
          </Text>
          <EmailListInput {...form.getInputProps('emails')} />
          <ModalActions
            error={generalError}
            onCancel={close}
            loading={add.isPending}
            submit={t('admins.add')}
            submitTestId="add-admin-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
