import { Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { EmailListInput, useEmailListRule } from '@/components/EmailListInput';
import { createForm } from '@/lib/createForm';
import { joinEmails, parseEmailList } from '@/lib/emails';
import { accessOptions, isAccessLevel, type AccessLevel } from '@/api/projects/access';
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
  const frame = createForm(
    form,
    share,
    // The rule above has checked the access level.
    ({ emails, access }) => ({
      id: projectId,
      emails: joinEmails(parseEmailList(emails).emails),
      access: Number(access) as AccessLevel,
    }),
    {
      opened,
      onClose,
      onCreated: (answer) => {
        onClose();
        notifications.show({ color: 'arbor', message: answer.message || t('members.shared') });
      },
    },
    (e) => {
      const f: Record<string, string> = {};
      if (e.fields.emails) f.emails = e.message.includes('@') ? e.message : e.fields.emails;
      if (e.fields.access) f.access = e.fields.access;
      return f;
    },
  );
  return (
    <CreateModal
      {...frame}
      copy={{ title: t('members.shareTitle'), text: t('members.shareText'), button: t('members.share') }}
      testId="share"
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
