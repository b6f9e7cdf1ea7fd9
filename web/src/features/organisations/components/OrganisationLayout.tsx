import { Alert, Group, Stack, Tabs, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconBuildingCommunity,
  IconFileText,
  IconFolders,
  IconList,
  IconPackage,
} from '@tabler/icons-react';
import { Outlet, useNavigate, useOutletContext, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCrumbLabel } from '@/lib/crumbs';
import { PageLoadError, PageSkeleton } from '@/components/PageStates';
import { PageHeader } from '@/components/PageHeader';
import { useEnterOrganisation } from '../api/enterOrganisation';
import { useOrganisation } from '../api/getOrganisation';
import type { Organisation } from '@/api/organisations/types';
import { addressLine } from '@/api/organisations/organisation';
import { OrganisationRoleBadges, OrganisationStatusBadge } from './OrganisationBadges';
import { DemoNotices } from './DemoNotices';
import { DemoWizardOffer } from './DemoWizard';

/** The sub-pages of an organisation (docs/PRODUCT.md §2 "organisation settings"). */
export const ORGANISATION_SECTIONS = [
  { value: 'organisation', icon: IconBuildingCommunity },
  { value: 'projects', icon: IconFolders },
  { value: 'documents', icon: IconFileText },
  { value: 'lists', icon: IconList },
  { value: 'packages', icon: IconPackage },
] as const;

export function useOrganisationContext() {
  return useOutletContext<{ organisation: Organisation }>();
}

/** The single organisation page: enters the organisation (scoped session), then shows its sections. */
export default function OrganisationLayout() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { organisationId = '', section } = useParams();
  const entered = useEnterOrganisation(organisationId);
  const org = useOrganisation(organisationId, entered.isSuccess);
  useCrumbLabel(`/organisations/${organisationId}`, org.data?.name);

  const error = entered.error ?? org.error;
  if (error) return <PageLoadError error={error} kind="organisation" />;
  if (!org.data) return <PageSkeleton titleWidth={320} blocks={[36, 280]} />;
  const o = org.data;
  const address = addressLine(o);
  const active = ORGANISATION_SECTIONS.some((s) => s.value === section) ? section : null;

  return (
    <Stack gap="lg" data-testid="organisation-page" data-organisation={o.id}>
      <PageHeader
        title={<span data-testid="organisation-name">{o.name}</span>}
        description={
          <>
            {address || t('organisations.noCity')}
            {' · '}
            {t('organisations.projectCount', { count: o.project_count })}
          </>
        }
        actions={
          <Group gap={6}>
            <OrganisationStatusBadge organisation={o} />
            <OrganisationRoleBadges roles={o.roles} />
          </Group>
        }
      />
      {o.status === 'terminated' && (
        <Alert color="gray" variant="light" icon={<IconBan size={18} />} data-testid="cancelled-notice">
          <Text size="sm" fw={600}>
            {t('organisation.cancelledTitle')}
          </Text>
          <Text size="sm">
            {t('organisation.cancelledText', {
              date: o.terminated_at ? new Date(o.terminated_at).toLocaleDateString(i18n.language) : '',
            })}
          </Text>
        </Alert>
      )}
      <DemoNotices organisation={o} />
      <DemoWizardOffer organisation={o} />
      {o.status !== 'terminated' && o.tree_space_percent_in_use >= 90 && (
        <Alert
          color={o.tree_count >= o.tree_count_max ? 'red' : 'orange'}
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="tree-package-notice"
        >
          {t(o.tree_count >= o.tree_count_max ? 'organisation.treePackageFull' : 'organisation.treePackageAlmostFull', {
            percent: Math.round(o.tree_space_percent_in_use),
          })}
        </Alert>
      )}
      <Tabs
        value={active}
        onChange={(v) => v && navigate(`/organisations/${o.id}/${v}`)}
        keepMounted={false}
        aria-label={t('organisation.sections')}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {ORGANISATION_SECTIONS.map((s) => (
            <Tabs.Tab
              key={s.value}
              value={s.value}
              leftSection={<s.icon size={16} stroke={1.7} />}
              data-testid={`tab-${s.value}`}
            >
              {t(`organisation.tabs.${s.value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ORGANISATION_SECTIONS.map((s) => (
          <Tabs.Panel key={s.value} value={s.value} pt="lg">
            <Outlet context={{ organisation: o }} />
          </Tabs.Panel>
        ))}
      </Tabs>
      {!active && <Outlet context={{ organisation: o }} />}
    </Stack>
  );
}
