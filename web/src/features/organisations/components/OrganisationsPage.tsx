import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingCommunity, IconChevronRight, IconLifebuoy, IconMapPin, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { useSession } from '@/api/auth/getSession';
import { useAllOrganisations, useOrganisations } from '@/api/organisations/getOrganisations';
import { isPlatformSupport } from '@/api/organisations/organisation';
import type { Organisation } from '@/api/organisations/types';
import { useShowCreated } from '@/hooks/useShowCreated';
import { AddOrganisationModal } from './AddOrganisationModal';
import { OrganisationRoleBadges, OrganisationStatusBadge } from './OrganisationBadges';
import { EmptyCard } from '@/components/ListStates';

function OrganisationCard({ organisation: o }: { organisation: Organisation }) {
  const { t } = useTranslation();
  return (
    <Card
      component={Link}
      to={`/organisations/${o.id}`}
      padding="lg"
      className="arbor-link-card"
      data-testid="organisation-card"
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon variant="light" color={o.status === 'terminated' ? 'gray' : 'arbor'} size={40} radius="md">
              <IconBuildingCommunity size={22} stroke={1.7} />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={650} truncate>
                {o.name}
              </Text>
              <Group gap={4} c="dimmed" wrap="nowrap">
                <IconMapPin size={13} />
                <Text size="sm" c="dimmed" truncate>
                  {o.city || t('organisations.noCity')} · {t('organisations.projectCount', { count: o.project_count })}
                </Text>
              </Group>
            </Stack>
          </Group>
          <IconChevronRight size={18} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
        </Group>
        <Group gap={6} mt="auto">
          <OrganisationStatusBadge organisation={o} />
          <OrganisationRoleBadges roles={o.roles} inline />
        </Group>
      </Stack>
    </Card>
  );
}

export default function OrganisationsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const support = isPlatformSupport(session.data?.user);
  const [scope, setScope] = useState<'mine' | 'all'>('mine');
  const showAll = support && scope === 'all';
  const mine = useOrganisations();
  const all = useAllOrganisations(showAll);
  const list = showAll ? all : mine;
  const [opened, { open, close }] = useDisclosure(false);
  const showCreated = useShowCreated(close);
  const add = (
    <Button leftSection={<IconPlus size={16} />} onClick={open} data-testid="add-organisation">
      {t('organisations.add')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('titles.organisations')} description={t('organisations.subheading')} actions={add} />
      {support && (
        <Stack gap="sm" mb="lg" data-testid="support-scope">
          <SegmentedControl
            value={scope}
            onChange={(v) => setScope(v === 'all' ? 'all' : 'mine')}
            data={[
              { value: 'mine', label: t('organisations.scopeMine') },
              { value: 'all', label: t('organisations.scopeAll') },
            ]}
            style={{ alignSelf: 'flex-start' }}
            data-testid="support-scope-control"
          />
          {showAll && (
            <Alert variant="light" color="yellow" icon={<IconLifebuoy size={18} />} data-testid="support-note">
              {t('organisations.supportNote')}
            </Alert>
          )}
        </Stack>
      )}
      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={132} radius="lg" />
          ))}
        </SimpleGrid>
      ) : list.data && list.data.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="organisation-list">
          {list.data.map((o) => (
            <OrganisationCard key={o.id} organisation={o} />
          ))}
        </SimpleGrid>
      ) : (
        <EmptyCard
          icon={IconBuildingCommunity}
          title={t('empty.organisations.title')}
          text={t('empty.organisations.text')}
        >
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={open}>
            {t('organisations.add')}
          </Button>
        </EmptyCard>
      )}
      <AddOrganisationModal
        opened={opened}
        onClose={close}
        onCreated={(o) => showCreated(t('organisations.created', { name: o.name }), `/organisations/${o.id}`)}
      />
    </>
  );
}
