import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * One text field of an organisation: its label is `organisation.fields.<name>`, its value and
 * error come from the form (`getInputProps`).
 */
export function OrganisationField<N extends string>({
  name,
  form,
  ...props
}: { name: N; form: { getInputProps: (path: N) => object } } & Omit<TextInputProps, 'name' | 'form'>) {
  const { t } = useTranslation();
  return <TextInput label={t(`organisation.fields.${name}`)} name={name} {...props} {...form.getInputProps(name)} />;
}
