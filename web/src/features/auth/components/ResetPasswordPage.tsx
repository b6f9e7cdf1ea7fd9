import { useState } from 'react';
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useResetPassword } from '../api/resetPassword';
import { validators } from '@/lib/validation';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { GuestCard } from '@/components/GuestCard';
import { GuestForm } from './GuestForm';
import { useLinkParams } from '../useLinkParams';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { email, token, missing } = useLinkParams();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const v = validators(t);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', passwordConfirm: '' },
    validate: {
      password: v.password,
      passwordConfirm: (value, values) => v.matches(values.password)(value),
    },
  });

  if (missing) {
    return (
      <GuestCard title={t('auth.newPasswordHeading')}>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="email-missing">
          {t(missing)}
        </Alert>
        <Button component={Link} to="/reset" variant="light">
          {t('auth.resetHeading')}
        </Button>
      </GuestCard>
    );
  }

  if (done) {
    return (
      <GuestCard title={t('auth.newPasswordHeading')}>
        <Alert color="arbor" variant="light" icon={<IconCircleCheck size={18} />} data-testid="reset-done">
          {t('auth.resetDone')}
        </Alert>
        <Button component={Link} to={`/login?email=${encodeURIComponent(email)}`} size="md" fullWidth>
          {t('auth.toLogin')}
        </Button>
      </GuestCard>
    );
  }

  const submit = form.onSubmit((values) =>
    reset.mutate(
      { email, token, ...values },
      {
        onSuccess: () => setDone(true),
        onError: (e) => e instanceof ApiError && form.setErrors(e.fields),
      },
    ),
  );

  return (
    <GuestCard title={t('auth.newPasswordHeading')} subtitle={t('auth.newPasswordSubheading', { email })}>
      <GuestForm
        onSubmit={submit}
        submit={t('auth.savePassword')}
        submitTestId="reset-password-submit"
        loading={reset.isPending}
      >
        <NewPasswordFields label={t('auth.newPassword')} name="password" form={form} autoFocus />
      </GuestForm>
      <Text ta="center" size="sm">
        <Anchor component={Link} to="/login">
          {t('auth.backToLogin')}
        </Anchor>
      </Text>
    </GuestCard>
  );
}
