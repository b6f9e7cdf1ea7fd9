import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emailListProblem } from '@/lib/emails';

/** The form rule of a comma-separated e-mail list (docs/PRODUCT.md §5), with its messages. */
export function useEmailListRule(): (value: string) => string | null {
  const { t } = useTranslation();
  return (value) => {
    const { problem, invalid } = emailListProblem(value);
    if (problem === 'empty') return t('emails.empty');
    if (problem === 'invalid') return t('emails.invalid', { list: invalid.join(', ') });
    return null;
  };
}

/** The field for comma-separated e-mails of sharing and adding administrators. */
export function EmailListInput(props: TextInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('emails.label')}
      description={t('emails.hint')}
      placeholder="anna@example.org, ben@example.org"
      name="emails"
      required
      data-autofocus
      {...props}
    />
  );
}
