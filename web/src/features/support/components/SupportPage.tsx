import { useState } from 'react';
import { Tabs } from '@mantine/core';
import { IconBuildingCommunity, IconHistory, IconLock } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { EmptyCard, ListSkeleton } from '@/components/ListStates';
import { useSession } from '@/api/auth/getSession';
import { isPlatformSupport } from '@/api/organisations/organisation';
import type { SupportOrganisation } from '../api/support';
import { ExtendDemoModal } from './ExtendDemoModal';
import { SupportOrganisations } from './SupportOrganisations';
import { SupportRecordsList } from './SupportRecordsList';

/**
 * Platform support's overview (super managers only): every organisation's state, packages and
 * usage, where a demo is extended, and the support record of what support did.
 */
export default function SupportPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const [extending, setExtending] = useState<SupportOrganisation | null>(null);
  const tab = params.get('tab') === 'records' ? 'records' : 'organisations';
  const orgId = params.get('organisation');
  const organisation = orgId ? { id: orgId, name: params.get('name') ?? orgId } : null;
  const show = (next: { tab?: string; organisation?: { id: string; name: string } | null }) => {
    const p = new URLSearchParams();
    if ((next.tab ?? tab) === 'records') p.set('tab', 'records');
    const o = next.organisation === undefined ? organisation : next.organisation;
    if (o) {
      p.set('organisation', o.id);
      p.set('name', o.name);
    }
    setParams(p, { replace: true, preventScrollReset: true });
  };

  if (session.isPending) return <ListSkeleton rows={6} />;
  if (!isPlatformSupport(session.data?.user))
    return (
      <EmptyCard
        icon={IconLock}
        title={t('support.onlySupport.title')}
        text={t('support.onlySupport.text')}
        color="gray"
        testId="support-forbidden"
      />
    );
  return (
    <div data-testid="support-page">
      <PageHeader title={t('titles.support')} description={t('support.subheading')} />
      <Tabs value={tab} onChange={(v) => show({ tab: v ?? 'organisations' })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab
            value="organisations"
            leftSection={<IconBuildingCommunity size={16} />}
            data-testid="support-tab-organisations"
          >
            {t('support.tabs.organisations')}
          </Tabs.Tab>
          <Tabs.Tab value="records" leftSection={<IconHistory size={16} />} data-testid="support-tab-records">
            {t('support.tabs.records')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="organisations">
          <SupportOrganisations
            onExtend={setExtending}
            onRecords={(o) => show({ tab: 'records', organisation: { id: o.id, name: o.name } })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="records">
          <SupportRecordsList organisation={organisation} onOrganisation={(o) => show({ organisation: o })} />
        </Tabs.Panel>
      </Tabs>
      <ExtendDemoModal organisation={extending} onClose={() => setExtending(null)} />
    </div>
  );
}
