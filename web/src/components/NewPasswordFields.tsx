import { PasswordInput, Stack } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordStrength } from './PasswordStrength';

/** A new password with its strength indicator and the repeat field (register, reset, profile). */
export function NewPasswordFields({
  label,
  name,
  value,
  passwordProps,
  confirmProps,
  autoFocus,
}: {
  label: string;
  name: 'password' | 'newPassword';
  value: string;
  passwordProps: GetInputPropsReturnType;
  confirmProps: GetInputPropsReturnType;
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
          {...passwordProps}
        />
        <PasswordStrength password={value} />
      </Stack>
      <PasswordInput
        label={t('auth.passwordConfirm')}
        name="passwordConfirm"
        autoComplete="new-password"
        required
        {...confirmProps}
      />
    </>
  );
}
