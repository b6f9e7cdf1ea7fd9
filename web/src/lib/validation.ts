import type { TFunction } from 'i18next';
import { MIN_PASSWORD_LENGTH } from './password';

export const emailValid = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());

export const validators = (t: TFunction) => ({
  required: (v: string) => (v.trim() ? null : t('errors.required')),
  email: (v: string) => (emailValid(v) ? null : t('errors.email')),
  password: (v: string) => (v.length >= MIN_PASSWORD_LENGTH ? null : t('errors.passwordLength')),
  matches: (other: string) => (v: string) => (v === other ? null : t('errors.passwordsMatch')),
});
