import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Organisation } from '@/api/organisations/types';
import { useFiles, type FileOwner } from '@/api/documents/documents';
import { SettingsSection } from '@/components/SettingsSection';
import { EditableDocumentList } from '@/components/documents/EditableDocumentList';
import { StorageMeter } from '@/components/documents/StorageMeter';
import { isAdmin } from '@/api/organisations/organisation';
import { InvoicesList } from '@/features/packages/components/InvoicesList';
import { ExportRecordsList } from '@/features/organisations/components/ExportRecordsList';
import { LegalDocumentsCard } from '@/features/legal/components/LegalDocumentsCard';

/** The organisation's documents page: its own files and the storage they and every photo use, the terms
 * and the data processing agreement with the organisation's consent, and for administrators the
 * invoices and the exports. */
export function OrganisationDocuments({ organisation: o }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const owner = useMemo<FileOwner>(() => ({ kind: 'organisation', organisationId: o.id }), [o.id]);
  const files = useFiles(owner);
  const mayEdit = !!files.data?.may_edit && !o.terminated;
  return (
    <Stack gap="xl" data-testid="organisation-documents">
      <SettingsSection title={t('documents.storage.title')} text={t('documents.org.storageText')}>
        <StorageMeter organisationId={o.id} bare />
      </SettingsSection>
      <SettingsSection title={t('documents.org.title')} text={t('documents.org.text')}>
        <Stack gap="sm">
          <EditableDocumentList
            owner={owner}
            files={files.data?.documents}
            loading={files.isLoading}
            mayEdit={mayEdit}
            addLabel={t('documents.org.add')}
            uploadTestId="upload-org-documents"
            emptyTitle={t('documents.org.emptyTitle')}
            emptyText={mayEdit ? t('documents.org.emptyTextEdit') : t('documents.org.emptyText')}
          />
        </Stack>
      </SettingsSection>
      <SettingsSection title={t('legalDocs.title')} text={t('legalDocs.text')} testId="organisation-legal">
        <LegalDocumentsCard organisationId={o.id} organisationName={o.name} mayConsent={isAdmin(o) && !o.terminated} />
      </SettingsSection>
      {isAdmin(o) && (
        <SettingsSection
          title={t('packages.invoices.title')}
          text={t('packages.invoices.text')}
          testId="organisation-invoices"
        >
          <InvoicesList organisationId={o.id} />
        </SettingsSection>
      )}
      {isAdmin(o) && (
        <SettingsSection title={t('exportRecords.title')} text={t('exportRecords.text')} testId="organisation-exports">
          <ExportRecordsList organisationId={o.id} />
        </SettingsSection>
      )}
    </Stack>
  );
}
