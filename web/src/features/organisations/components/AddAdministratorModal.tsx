import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { EmailListInput } from '@/components/EmailListInput';
import { useEmailListForm } from '@/hooks/useEmailListForm';
import { useAddAdministrators } from '../api/addAdministrators';
import { CreateModal } from '@/components/CreateModal';

/**
 * "Add administrator": invites comma-separated e-mail addresses; they accept by the e-mailed link.
 * Closes with a notice of what was sent.
 */
export function AddAdministratorModal({
  organisationId,
  opened,
  onClose,
}: {
  organisationId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddAdministrators();
  const { form, close, submit, generalError } = useEmailListForm({
    mutation: add,
    send: (emails) => ({ id: organisationId, emails }),
    onDone: (answer) => {
      onClose();
      notifications.show({ color: 'arbor', message: answer.message || t('admins.invited') });
    },
    onClose,
  });
  return (
    <CreateModal
      opened={opened}
      title={t('admins.addTitle')}
      text={t('admins.addText')}
      testId="add-admin-form"
      close={close}
      submit={submit}
      generalError={generalError}
      loading={add.isPending}
      submitLabel={t('admins.invite')}
      submitTestId="add-admin-submit"
      size="md"
    >
      <EmailListInput {...form.getInputProps('emails')} />
    </CreateModal>
  );
}
