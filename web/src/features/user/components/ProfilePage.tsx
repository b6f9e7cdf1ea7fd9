import { useEffect } from 'react';
import { Alert, Button, Divider, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconMailExclamation, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { setLanguage } from '@/i18n';
import { PageHeader } from '@/components/PageHeader';
import { DangerZone } from '@/components/DangerZone';
import { SettingsSection } from '@/components/SettingsSection';
import { CurrentPasswordInput, LanguageSelect, NameFields } from '@/components/AccountFields';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { validators } from '@/lib/validation';
import type { User } from '@/api/auth/types';
import { useUser } from '../api/getUser';
import { useUpdateUser } from '../api/updateUser';
import { useChangePassword } from '../api/changePassword';
import { DeleteAccountForm } from './DeleteAccountForm';

/** What the profile form edits, as the server has it. */
const profileValues = (u: User) => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  language: u.language,
});

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const v = validators(t);
  const form = useForm({
    mode: 'controlled',
    initialValues: profileValues(user),
    validate: { firstName: v.required, lastName: v.required, email: v.email },
  });

  // Follow the server's state (a save elsewhere, a language switch in the header).
  const { setInitialValues, setValues, isDirty } = form;
  useEffect(() => {
    const values = profileValues(user);
    setInitialValues(values);
    if (!isDirty()) setValues(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.version, user.language]);

  const submit = form.onSubmit((values) =>
    update.mutate(
      { ...values, email: values.email.trim(), version: user.version },
      {
        onSuccess: (u) => {
          form.setInitialValues(profileValues(u));
          form.setValues(profileValues(u));
          setLanguage(u.language);
          notifications.show({ color: 'arbor', icon: <IconCheck size={18} />, message: t('user.saved') });
        },
        onError: (e) => e instanceof ApiError && form.setErrors(e.fields),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="profile-form">
      <Stack gap="md">
        <NameFields first={form.getInputProps('firstName')} last={form.getInputProps('lastName')} />
        <LanguageSelect {...form.getInputProps('language')} />
        <TextInput
          label={t('user.email')}
          description={t('user.emailText')}
          type="email"
          name="email"
          required
          {...form.getInputProps('email')}
        />
        {user.pendingEmail && (
          <Alert color="yellow" variant="light" icon={<IconMailExclamation size={18} />} data-testid="pending-email">
            {t('user.pendingEmail', { email: user.pendingEmail })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()} data-testid="profile-save">
            {t('user.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const v = validators(t);
  const form = useForm({
    mode: 'controlled',
    initialValues: { oldPassword: '', newPassword: '', passwordConfirm: '' },
    validate: {
      oldPassword: v.required,
      newPassword: v.password,
      passwordConfirm: (value, values) => v.matches(values.newPassword)(value),
    },
  });
  const submit = form.onSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        notifications.show({ color: 'arbor', icon: <IconCheck size={18} />, message: t('user.passwordChanged') });
      },
      onError: (e) => e instanceof ApiError && form.setErrors(e.fields),
    }),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="password-form">
      <Stack gap="md">
        <CurrentPasswordInput label={t('user.oldPassword')} name="oldPassword" {...form.getInputProps('oldPassword')} />
        <NewPasswordFields label={t('user.newPassword')} name="newPassword" form={form} />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={change.isPending}>
            {t('user.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const user = useUser();

  const openDelete = () =>
    modals.open({
      title: <Text fw={650}>{t('user.deleteConfirmTitle')}</Text>,
      centered: true,
      children: <DeleteAccountForm onCancel={() => modals.closeAll()} />,
    });

  if (user.isPending) return <Loader color="arbor" type="dots" m="xl" />;
  if (user.isError || !user.data) return null;
  const since = new Date(user.data.created_at);

  return (
    <Stack gap="xl">
      <PageHeader
        title={t('user.heading')}
        description={
          <>
            {t('user.subheading')}
            {!Number.isNaN(since.getTime()) && (
              <> · {t('user.memberSince', { date: since.toLocaleDateString(i18n.language) })}</>
            )}
          </>
        }
      />
      <SettingsSection title={t('user.personal')} text={t('user.personalText')}>
        <ProfileForm user={user.data} />
      </SettingsSection>
      <Divider />
      <SettingsSection title={t('user.passwordHeading')} text={t('user.passwordText')}>
        <PasswordForm />
      </SettingsSection>
      <Divider />
      <DangerZone
        title={t('user.dangerZone')}
        heading={t('user.deleteHeading')}
        text={t('user.deleteText')}
        action={t('user.deleteButton')}
        icon={IconTrash}
        onAction={openDelete}
        actionTestId="delete-account"
      />
    </Stack>
  );
}
