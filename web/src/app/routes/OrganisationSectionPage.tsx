import { Divider, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PackagesPage } from '@/features/packages/components/PackagesPage';
import { ListsSection } from '@/features/lists/components/ListsSection';
import { canEditOrganisation, isAdmin } from '@/api/organisations/organisation';
import { AdministratorsSection } from '@/features/organisations/components/AdministratorsSection';
import { ApiKeysSection } from '@/features/apikeys/components/ApiKeysSection';
import { BackgroundMapsSection } from '@/features/backgroundmaps/components/BackgroundMapsSection';
import { CancelOrganisationSection } from '@/features/organisations/components/CancelOrganisationSection';
import { NotFoundState } from '@/components/NotFoundState';
import { useOrganisationContext } from '@/features/organisations/components/OrganisationLayout';
import { OrganisationForm } from '@/features/organisations/components/OrganisationForm';
import { OrganisationProjects } from './OrganisationProjects';
import { OrganisationDocuments } from './OrganisationDocuments';
import { SettingsSection } from '@/components/SettingsSection';
import { StorageMeter } from '@/components/documents/StorageMeter';

/** One sub-page of the single organisation page. */
export default function OrganisationSectionPage() {
  const { t } = useTranslation();
  const { section } = useParams();
  const { organisation: o } = useOrganisationContext();
  switch (section) {
    case 'organisation':
      return (
        <Stack gap="xl">
          <OrganisationForm organisation={o} />
          <Divider />
          <SettingsSection
            title={t('documents.storage.title')}
            text={t('documents.org.storageText')}
            testId="organisation-storage"
          >
            <StorageMeter organisationId={o.id} bare />
          </SettingsSection>
          {isAdmin(o) && (
            <>
              <Divider />
              <AdministratorsSection organisation={o} />
              <Divider />
              <ApiKeysSection organisation={o} editable={canEditOrganisation(o)} />
              <Divider />
              <BackgroundMapsSection organisation={o} editable={canEditOrganisation(o)} />
            </>
          )}
          {canEditOrganisation(o) && (
            <>
              <Divider />
              <CancelOrganisationSection organisation={o} />
            </>
          )}
        </Stack>
      );
    case 'projects':
      return <OrganisationProjects organisation={o} />;
    case 'documents':
      return <OrganisationDocuments organisation={o} />;
    case 'lists':
      return <ListsSection organisation={o} />;
    case 'packages':
      return <PackagesPage organisation={o} />;
    default:
      return (
        <NotFoundState
          title={t('titles.notFound')}
          text={t('errors.notFoundText')}
          back={`/organisations/${o.id}/organisation`}
          backLabel={t('organisation.backToOrganisation')}
        />
      );
  }
}
