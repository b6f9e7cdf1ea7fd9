import { useState, type ReactNode } from 'react';
import { Anchor, Button, Checkbox, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { currentLanguage, setLanguage } from '@/i18n';
import { useRegister } from '../api/register';
import { validators } from '@/lib/validation';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { DisruptionNotice } from './LoginPage';
import { Outcome } from './Outcome';
import { GuestCard } from '@/components/GuestCard';
import { EmailInput, LanguageSelect, NameFields } from '@/components/AccountFields';
import { GuestForm, OtherWayIn } from './GuestForm';

export default function RegisterPage() {
  const { t } = useTranslation();
  const register = useRegister();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const v = validators(t);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      passwordConfirm: '',
      language: currentLanguage() as string,
      agb: false,
    },
    validate: {
      firstName: v.required,
      lastName: v.required,
      email: v.email,
      password: v.password,
      passwordConfirm: (value, values) => v.matches(values.password)(value),
      agb: (value) => (value ? null : t('errors.terms')),
    },
  });

  const submit = form.onSubmit((values) =>
    register.mutate(
      { ...values, email: values.email.trim(), firstName: values.firstName.trim(), lastName: values.lastName.trim() },
      {
        onSuccess: () => setSentTo(values.email.trim()),
        onError: (e) => e instanceof ApiError && form.setErrors(e.fields),
      },
    ),
  );

  if (sentTo) {
    return (
      <GuestCard>
        <Stack align="center" ta="center" gap="md" py="md" data-testid="register-success">
          <Outcome icon={IconMailCheck} iconSize={34} title={t('auth.checkEmailTitle')} />
          <Text c="dimmed" size="sm">
            {t('auth.checkEmailText', { email: sentTo })}
          </Text>
          <Button component={Link} to="/login" variant="light" mt="sm">
            {t('auth.backToLogin')}
          </Button>
        </Stack>
      </GuestCard>
    );
  }

  return (
    <Stack gap="md">
      <DisruptionNotice />
      <GuestCard title={t('auth.registerHeading')} subtitle={t('auth.registerSubheading')}>
        <GuestForm
          onSubmit={submit}
          submit={t('auth.register')}
          submitTestId="register-submit"
          loading={register.isPending}
        >
          <NameFields first={form.getInputProps('firstName')} last={form.getInputProps('lastName')} autoComplete />
          <EmailInput {...form.getInputProps('email')} />
          <NewPasswordFields label={t('auth.password')} name="password" form={form} />
          <LanguageSelect
            {...form.getInputProps('language')}
            onChange={(value) => {
              if (!value) return;
              form.setFieldValue('language', value);
              setLanguage(value);
            }}
          />
          <Checkbox
            name="agb"
            data-testid="agb"
            label={
              <Trans
                i18nKey="auth.termsConsent"
                components={{
                  terms: <TermsLink />,
                }}
              />
            }
            {...form.getInputProps('agb', { type: 'checkbox' })}
          />
        </GuestForm>
        <OtherWayIn text={t('auth.haveAccount')} to="/login" link={t('auth.toLogin')} />
      </GuestCard>
    </Stack>
  );
}

/** The link to the terms inside the consent sentence, the translation's <terms> tag. Not <link>:
 * Trans reads that as HTML's empty element and left the link without text or accessible name. */
function TermsLink({ children }: { children?: ReactNode }) {
  return (
    <Anchor component={Link} to="/terms" target="_blank" inherit fw={600} underline="always">
      {children}
    </Anchor>
  );
}
