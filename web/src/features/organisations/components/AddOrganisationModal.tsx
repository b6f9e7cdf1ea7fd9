import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { createForm, type CreateModalProps } from '@/lib/createForm';
import { currentLanguage } from '@/i18n';
import { countryOptions, zipValid } from '@/api/organisations/organisation';
import { AddressFields } from './AddressFields';
import { useCreateOrganisation } from '../api/createOrganisation';
import type { Organisation } from '@/api/organisations/types';
import { CreateModal } from '@/components/CreateModal';

const initial = { name: '', street: '', number: '', zip: '', city: '', country: 'DE' };

/** "Add organisation": name required, the address optional; starts the 28-day demo. */
export function AddOrganisationModal(modal: CreateModalProps<Organisation>) {
  const { t, i18n } = useTranslation();
  const create = useCreateOrganisation();
  const form = useForm({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      name: (v) => (v.trim() ? null : t('errors.required')),
      zip: (v) => (zipValid(v) ? null : t('organisation.errors.zip')),
    },
  });
  const frame = createForm(form, create, (values) => ({ ...values, location: currentLanguage() }), modal);
  return (
    <CreateModal
      {...frame}
      copy={{ title: t('organisations.add'), text: t('organisations.addText'), button: t('organisations.create') }}
      testId="add-organisation"
    >
      <TextInput
        label={t('organisation.fields.name')}
        name="name"
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <AddressFields inputProps={(f) => form.getInputProps(f)} />
      <Select
        label={t('organisation.fields.country')}
        name="country"
        searchable
        allowDeselect={false}
        data={countryOptions(i18n.language)}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('country')}
      />
    </CreateModal>
  );
}
