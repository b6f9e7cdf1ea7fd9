import { PasswordInput, Stack } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordStrength } from './PasswordStrength';

/** A new password with its strength indicator and the repeat field (register, reset, profile). */
export function NewPasswordFields({
  label,
  name,
  form,
  autoFocus,
}: {
  label: string;
  /** The field of `form` that holds the new password; `passwordConfirm` holds its repeat. */
  name: 'password' | 'newPassword';
  form: { values: Record<string, unknown>; getInputProps: (path: string) => GetInputPropsReturnType };
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Stack gap={8}>
        <PasswordInput
          label={label}
          name={name}
          autoComplete="new-password"
          required
          autoFocus={autoFocus}
          {...form.getInputProps(name)}
        />
        <PasswordStrength password={String(form.values[name] ?? '')} />
      </Stack>
      <PasswordInput
        label={t('auth.passwordConfirm')}
        name="passwordConfirm"
        autoComplete="new-password"
        required
        {...form.getInputProps('passwordConfirm')}
      />
    </>
  );
}
