import { Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { EmailListInput, useEmailListRule } from '@/components/EmailListInput';
import { ApiError } from '@/lib/api';
import { joinEmails, parseEmailList } from '@/lib/emails';
import { accessOptions, isAccessLevel } from '@/api/projects/access';
import { useShareProject } from '../api/shareProject';
import { CreateModal } from '@/components/CreateModal';

interface ShareProjectModalProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * "Share project": comma-separated e-mails and one access level for all of them. Closes with a
 * notice of what was sent.
 */
export function ShareProjectModal({ projectId, opened, onClose }: ShareProjectModalProps) {
  const { t } = useTranslation();
  const share = useShareProject();
  const emailRule = useEmailListRule();
  const form = useForm({
    mode: 'controlled',
    initialValues: { emails: '', access: '1' },
    validate: {
      emails: emailRule,
      access: (v) => (isAccessLevel(Number(v)) ? null : t('errors.required')),
    },
  });
  const close = () => {
    form.reset();
    share.reset();
    onClose();
  };
  const submit = form.onSubmit(({ emails, access }) => {
    const level = Number(access);
    if (!isAccessLevel(level)) return;
    share.mutate(
      { id: projectId, emails: joinEmails(parseEmailList(emails).emails), access: level },
      {
        onSuccess: (answer) => {
          form.reset();
          onClose();
          notifications.show({ color: 'arbor', message: answer.message || t('members.shared') });
        },
        onError: (e) => {
          if (!(e instanceof ApiError)) return;
          const f: Record<string, string> = {};
          if (e.fields.emails) f.emails = e.message.includes('@') ? e.message : e.fields.emails;
          if (e.fields.access) f.access = e.fields.access;
          form.setErrors(f);
        },
      },
    );
  });
  const generalError =
    share.error instanceof ApiError && !Object.keys(share.error.fields).length ? share.error.message : null;
  return (
    <CreateModal
      opened={opened}
      title={t('members.shareTitle')}
      text={t('members.shareText')}
      testId="share-form"
      close={close}
      submit={submit}
      generalError={generalError}
      loading={share.isPending}
      submitLabel={t('members.share')}
      submitTestId="share-submit"
      size="md"
    >
      <EmailListInput {...form.getInputProps('emails')} />
      <Select
        label={t('members.access')}
        name="access"
        allowDeselect={false}
        data={accessOptions(t)}
        data-testid="share-access"
        {...form.getInputProps('access')}
      />
      <Text size="xs" c="dimmed">
        {t(`members.accessHelp.${form.values.access}`)}
      </Text>
    </CreateModal>
  );
}
