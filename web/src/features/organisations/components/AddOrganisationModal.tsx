import { Alert, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { createForm } from '@/lib/createForm';
import { currentLanguage } from '@/i18n';
import { countryOptions, zipValid } from '@/api/organisations/organisation';
import { AddressFields } from './AddressFields';
import { useCreateOrganisation } from '../api/createOrganisation';
import type { Organisation } from '@/api/organisations/types';
import { ModalActions } from '@/components/ModalActions';

const initial = { name: '', street: '', number: '', zip: '', city: '', country: 'DE' };

/** "Add organisation": name required, the address optional; starts the 28-day demo. */
export function AddOrganisationModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (o: Organisation) => void;
}) {
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
  const { close, submit, generalError } = createForm(
    form,
    create,
    (values) => ({ ...values, location: currentLanguage() }),
    onCreated,
    onClose,
  );
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={650}>{t('organisations.add')}</Text>} centered size="lg">
      <form onSubmit={submit} noValidate data-testid="add-organisation-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('organisations.addText')}
          </Text>
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
          {generalError && (
            <Alert color="red" variant="light" role="alert">
              {generalError}
            </Alert>
          )}
          <ModalActions
            onCancel={close}
            loading={create.isPending}
            submit={t('organisations.create')}
            submitTestId="add-organisation-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
