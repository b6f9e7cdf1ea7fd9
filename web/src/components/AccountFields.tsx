import {
  PasswordInput,
  Select,
  SimpleGrid,
  TextInput,
  type PasswordInputProps,
  type SelectProps,
  type TextInputProps,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** The languages the app and its e-mails speak. */
export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'de', label: 'Deutsch' },
  { value: 'fr', label: 'Français' },
];

/** A person's first and last name side by side (register, profile). */
export function NameFields({
  first,
  last,
  autoComplete,
}: {
  first: GetInputPropsReturnType;
  last: GetInputPropsReturnType;
  /** Let the browser fill them in (a new account, not a profile). */
  autoComplete?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      {(
        [
          ['firstName', first, 'given-name'],
          ['lastName', last, 'family-name'],
        ] as const
      ).map(([name, props, fill]) => (
        <TextInput
          key={name}
          label={t(`auth.${name}`)}
          name={name}
          autoComplete={autoComplete ? fill : undefined}
          required
          {...props}
        />
      ))}
    </SimpleGrid>
  );
}

/** An e-mail address to sign in with: required, typed as e-mail, filled in by the browser. */
export function EmailInput(props: TextInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.email')}
      placeholder={t('auth.emailPlaceholder')}
      type="email"
      name="email"
      autoComplete="email"
      required
      {...props}
    />
  );
}

/** A choice of one of the app's languages. */
export function LanguageSelect(props: SelectProps) {
  const { t } = useTranslation();
  return <Select label={t('auth.language')} name="language" allowDeselect={false} data={LANGUAGES} {...props} />;
}

/** The password one has now (signing in, changing it, deleting the account): filled in by the browser. */
export function CurrentPasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput label={t('auth.password')} name="password" autoComplete="current-password" required {...props} />
  );
}
