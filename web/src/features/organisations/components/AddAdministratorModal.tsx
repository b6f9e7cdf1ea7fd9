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
  const { form, ...frame } = useEmailListForm({
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
      {...frame}
      copy={{ title: t('admins.addTitle'), text: t('admins.addText'), button: t('admins.invite') }}
      testId="add-admin"
      size="md"
    >
      <EmailListInput {...form.getInputProps('emails')} />
    </CreateModal>
  );
}
