import { useState } from 'react';
import { Alert, Anchor, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useRequestReset } from '../api/reset';
import { validators } from '@/lib/validation';
import { GuestCard } from '@/components/GuestCard';
import { EmailInput } from '@/components/AccountFields';
import { GuestForm } from './GuestForm';

export default function ResetPage() {
  const { t } = useTranslation();
  const reset = useRequestReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const v = validators(t);
  const form = useForm({ mode: 'controlled', initialValues: { email: '' }, validate: { email: v.email } });

  const submit = form.onSubmit(({ email }) =>
    reset.mutate(email.trim(), {
      onSuccess: () => setSentTo(email.trim()),
      onError: (e) => e instanceof ApiError && form.setErrors(e.fields),
    }),
  );

  return (
    <GuestCard title={t('auth.resetHeading')} subtitle={sentTo ? undefined : t('auth.resetSubheading')}>
      {sentTo ? (
        <Alert
          color="arbor"
          variant="light"
          icon={<IconMailForward size={18} />}
          title={t('auth.resetSent')}
          data-testid="reset-sent"
        >
          {t('auth.resetSentText', { email: sentTo })}
        </Alert>
      ) : (
        <GuestForm
          onSubmit={submit}
          submit={t('auth.resetSubmit')}
          submitTestId="reset-submit"
          loading={reset.isPending}
        >
          <EmailInput autoFocus {...form.getInputProps('email')} />
        </GuestForm>
      )}
      <Text ta="center" size="sm">
        <Anchor component={Link} to="/login" inline>
          <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
          {t('auth.backToLogin')}
        </Anchor>
      </Text>
    </GuestCard>
  );
}
