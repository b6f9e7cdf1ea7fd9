import { Button, Fieldset, Group, SegmentedControl, Select, SimpleGrid, Stack, Textarea, Input } from '@mantine/core';
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
import { OrganisationField } from './OrganisationField';

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
                <OrganisationField form={form} name="name" required />
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
                  <OrganisationField form={form} name="phone" type="tel" />
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
                  <OrganisationField form={form} name="email_invoice" type="email" />
                  <OrganisationField form={form} name="contact_invoice" />
                  <OrganisationField form={form} name="address_supplement_invoice" />
                  <OrganisationField form={form} name="invoice_supplement" />
                  <OrganisationField
                    form={form}
                    name="leitweg_id_invoice"
                    description={t('organisation.fields.leitwegText')}
                    placeholder="04011000-1234512345-06"
                  />
                  <OrganisationField
                    form={form}
                    name="tax_id_invoice"
                    description={t('organisation.fields.taxIdText')}
                  />
                </SimpleGrid>
                <OrganisationField form={form} name="subject_invoice" />
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
