import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { EmailListInput, useEmailListRule } from '@/components/EmailListInput';
import { ApiError } from '@/lib/api';
import { joinEmails, parseEmailList } from '@/lib/emails';
import { useAddAdministrators } from '../api/addAdministrators';
import { CreateModal } from '@/components/CreateModal';

/** "Add administrator": invites comma-separated e-mail addresses; they accept by the e-mailed link. */
export function AddAdministratorModal({
  organisationId,
  opened,
  onClose,
  onAdded,
}: {
  organisationId: string;
  opened: boolean;
  onClose: () => void;
  onAdded: (message: string) => void;
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
    add.mutate(
      { id: organisationId, emails: joinEmails(parseEmailList(emails).emails) },
      {
        onSuccess: (answer) => {
          form.reset();
          onAdded(answer.message || t('admins.invited'));
        },
        onError: (e) => {
          if (e instanceof ApiError) form.setErrors(e.fields.emails ? { emails: e.message } : {});
        },
      },
    );
  });
  const generalError = add.error instanceof ApiError && !add.error.fields.emails ? add.error.message : null;
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
