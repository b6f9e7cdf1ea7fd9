import { Alert, Anchor, Checkbox, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconLogout } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useLogin } from '../api/login';
import { useHealth } from '../api/getHealth';
import { validators } from '@/lib/validation';
import { GuestCard } from '@/components/GuestCard';
import { CurrentPasswordInput, EmailInput } from '@/components/AccountFields';
import { GuestForm, OtherWayIn } from './GuestForm';

export function DisruptionNotice() {
  const { t } = useTranslation();
  const health = useHealth();
  const notice = health.data?.notice?.trim();
  if (!notice) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('notice.disruption')}
      data-testid="system-notice"
    >
      {notice}
    </Alert>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const login = useLogin();
  const v = validators(t);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: params.get('email') ?? '', password: '', remember: false },
    validate: { email: v.email, password: v.required },
  });

  const submit = form.onSubmit((values) =>
    login.mutate(
      { ...values, email: values.email.trim() },
      { onError: (e) => e instanceof ApiError && form.setErrors(e.fields) },
    ),
  );

  return (
    <Stack gap="md">
      <DisruptionNotice />
      {params.has('logout') && (
        <Alert color="arbor" variant="light" icon={<IconLogout size={18} />} data-testid="logged-out">
          {t('auth.loggedOut')}
        </Alert>
      )}
      <GuestCard title={t('auth.loginHeading')} subtitle={t('auth.loginSubheading')}>
        <GuestForm onSubmit={submit} submit={t('auth.login')} submitTestId="login-submit" loading={login.isPending}>
          <EmailInput autoFocus {...form.getInputProps('email')} />
          <CurrentPasswordInput {...form.getInputProps('password')} />
          <Group justify="space-between">
            <Checkbox
              label={t('auth.remember')}
              name="remember"
              {...form.getInputProps('remember', { type: 'checkbox' })}
            />
            <Anchor component={Link} to="/reset" size="sm">
              {t('auth.forgotPassword')}
            </Anchor>
          </Group>
        </GuestForm>
        <OtherWayIn text={t('auth.noAccount')} to="/register" link={t('auth.createAccount')} />
      </GuestCard>
    </Stack>
  );
}
