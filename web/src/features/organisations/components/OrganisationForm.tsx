import {
  Button,
  Fieldset,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Input,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emailValid } from '@/lib/validation';
import { SettingsSection } from '@/components/SettingsSection';
import { useUpdateOrganisation } from '../api/updateOrganisation';
import type { Organisation } from '@/api/organisations/types';
import {
  canEditOrganisation,
  countryOptions,
  fieldsOf,
  leitwegValid,
  zipValid,
} from '@/api/organisations/organisation';
import { StaleNotice } from '@/components/StaleNotice';
import { useVersionedForm } from '@/hooks/useVersionedForm';
import { AddressFields } from './AddressFields';

/** Address and billing of an organisation; read-only for members and once cancelled. */
export function OrganisationForm({ organisation: o }: { organisation: Organisation }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateOrganisation();
  const editable = canEditOrganisation(o);
  const { form, submit, stale, reload } = useVersionedForm({
    object: o,
    fieldsOf,
    validate: {
      name: (v) => (v.trim() ? null : t('errors.required')),
      zip: (v) => (zipValid(v) ? null : t('organisation.errors.zip')),
      email_invoice: (v) => (!v.trim() || emailValid(v) ? null : t('errors.email')),
      leitweg_id_invoice: (v) => (leitwegValid(v) ? null : t('organisation.errors.leitweg')),
    },
    mutation: update,
    toArgs: (values) => ({ ...values, id: o.id }),
    savedMessage: t('organisation.saved'),
  });

  const countries = countryOptions(i18n.language);

  return (
    <form onSubmit={submit} noValidate data-testid="organisation-form" data-editable={editable}>
      <Stack gap="xl">
        {stale && <StaleNotice text={t('organisation.stale')} onReload={reload} />}
        <Fieldset variant="unstyled" disabled={!editable} p={0} m={0}>
          <Stack gap="xl">
            <SettingsSection title={t('organisation.addressHeading')} text={t('organisation.addressText')}>
              <Stack gap="md">
                <TextInput label={t('organisation.fields.name')} name="name" required {...form.getInputProps('name')} />
                <AddressFields inputProps={(f) => form.getInputProps(f)} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Select
                    label={t('organisation.fields.country')}
                    name="country"
                    searchable
                    allowDeselect={false}
                    data={countries}
                    {...form.getInputProps('country')}
                  />
                  <TextInput
                    label={t('organisation.fields.phone')}
                    name="phone"
                    type="tel"
                    {...form.getInputProps('phone')}
                  />
                </SimpleGrid>
                <Select
                  label={t('organisation.fields.location')}
                  description={t('organisation.fields.locationText')}
                  name="location"
                  allowDeselect={false}
                  data={[
                    { value: 'en', label: 'English' },
                    { value: 'de', label: 'Deutsch' },
                    { value: 'fr', label: 'Français' },
                  ]}
                  {...form.getInputProps('location')}
                />
              </Stack>
            </SettingsSection>
            <SettingsSection title={t('organisation.billingHeading')} text={t('organisation.billingText')}>
              <Stack gap="md">
                <Input.Wrapper label={t('organisation.fields.invoice_type')} error={form.errors.invoice_type}>
                  <div>
                    <SegmentedControl
                      mt={4}
                      data={[
                        { value: 'billing', label: t('organisation.invoiceTypes.billing') },
                        { value: 'paypal', label: t('organisation.invoiceTypes.paypal') },
                      ]}
                      disabled={!editable}
                      data-testid="invoice-type"
                      value={form.values.invoice_type}
                      onChange={(v) => form.setFieldValue('invoice_type', v)}
                    />
                  </div>
                </Input.Wrapper>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label={t('organisation.fields.email_invoice')}
                    name="email_invoice"
                    type="email"
                    {...form.getInputProps('email_invoice')}
                  />
                  <TextInput
                    label={t('organisation.fields.contact_invoice')}
                    name="contact_invoice"
                    {...form.getInputProps('contact_invoice')}
                  />
                  <TextInput
                    label={t('organisation.fields.address_supplement_invoice')}
                    name="address_supplement_invoice"
                    {...form.getInputProps('address_supplement_invoice')}
                  />
                  <TextInput
                    label={t('organisation.fields.invoice_supplement')}
                    name="invoice_supplement"
                    {...form.getInputProps('invoice_supplement')}
                  />
                  <TextInput
                    label={t('organisation.fields.leitweg_id_invoice')}
                    description={t('organisation.fields.leitwegText')}
                    placeholder="04011000-1234512345-06"
                    name="leitweg_id_invoice"
                    {...form.getInputProps('leitweg_id_invoice')}
                  />
                  <TextInput
                    label={t('organisation.fields.tax_id_invoice')}
                    description={t('organisation.fields.taxIdText')}
                    name="tax_id_invoice"
                    {...form.getInputProps('tax_id_invoice')}
                  />
                </SimpleGrid>
                <TextInput
                  label={t('organisation.fields.subject_invoice')}
                  name="subject_invoice"
                  {...form.getInputProps('subject_invoice')}
                />
                <Textarea
                  label={t('organisation.fields.invoice_note')}
                  name="invoice_note"
                  autosize
                  minRows={2}
                  maxRows={6}
                  {...form.getInputProps('invoice_note')}
                />
                {editable && (
                  <Group justify="flex-end">
                    <Button
                      type="submit"
                      loading={update.isPending}
                      disabled={!form.isDirty()}
                      data-testid="organisation-save"
                    >
                      {t('common.save')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </SettingsSection>
          </Stack>
        </Fieldset>
      </Stack>
    </form>
  );
}
