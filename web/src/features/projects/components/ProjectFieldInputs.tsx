import { Switch, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ProjectFields } from '@/api/projects/types';

/** The project's own fields, for creating a project and for its general settings. */
export function ProjectFieldInputs<V extends ProjectFields>({
  form,
  autoFocus,
  noteRows,
}: {
  form: UseFormReturnType<V>;
  autoFocus?: boolean;
  noteRows: [number, number];
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('project.fields.name')}
        name="name"
        required
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('project.fields.companyName')}
        description={t('project.fields.companyNameText')}
        name="companyName"
        {...form.getInputProps('companyName')}
      />
      <Textarea
        label={t('project.fields.note')}
        name="note"
        autosize
        minRows={noteRows[0]}
        maxRows={noteRows[1]}
        {...form.getInputProps('note')}
      />
      <Switch
        label={t('project.fields.unique_number')}
        description={t('project.fields.uniqueNumberText')}
        name="unique_number"
        {...form.getInputProps('unique_number', { type: 'checkbox' })}
      />
      <Switch
        label={t('project.fields.show_number_text')}
        description={t('project.fields.showNumberTextText')}
        name="show_number_text"
        {...form.getInputProps('show_number_text', { type: 'checkbox' })}
      />
    </>
  );
}
