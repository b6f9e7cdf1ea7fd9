import { useState } from 'react';
import { Card, Group, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconBuildingCommunity,
  IconCalendarPlus,
  IconExternalLink,
  IconHistory,
  IconSearch,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeadedTable } from '@/components/HeadedTable';
import { IconAction } from '@/components/IconAction';
import { EmptyCard, ListSkeleton } from '@/components/ListStates';
import { PagedList, usePager } from '@/components/PagedList';
import {
  canExtend,
  SUPPORT_PAGE,
  useSupportOrganisations,
  type StatusFilter,
  type SupportOrganisation,
} from '../api/support';
import { CreatedText, PackageCell, StateCell, StorageCell, TreesCell } from './OrganisationCells';

interface RowProps {
  o: SupportOrganisation;
  onExtend: (o: SupportOrganisation) => void;
  onRecords: (o: SupportOrganisation) => void;
}

function Actions({ o, onExtend, onRecords }: RowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {canExtend(o) && (
        <IconAction
          label={t('support.actions.extend')}
          icon={IconCalendarPlus}
          color="arbor"
          tooltip
          onClick={() => onExtend(o)}
          testId="support-extend"
        />
      )}
      <IconAction
        label={t('support.actions.records')}
        icon={IconHistory}
        tooltip
        onClick={() => onRecords(o)}
        testId="support-records-of"
      />
      <IconAction
        label={t('support.actions.open')}
        icon={IconExternalLink}
        tooltip
        onClick={() => void navigate(`/organisations/${o.id}`)}
        testId="support-open"
      />
    </Group>
  );
}

/** The organisation's name, place, projects and first administrator; in the table also when it was created. */
function Name({ o, created }: { o: SupportOrganisation; created?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {o.name}
      </Text>
      <Text size="xs" c="dimmed">
        {[o.city, t('organisations.projectCount', { count: o.project_count })].filter(Boolean).join(' · ')}
      </Text>
      {o.administrators.length > 0 && (
        <Text size="xs" c="dimmed" truncate title={o.administrators.join(', ')} data-testid="support-org-admins">
          {o.administrators[0]}
          {o.administrators.length > 1 ? ` +${o.administrators.length - 1}` : ''}
        </Text>
      )}
      {created && <CreatedText o={o} />}
    </Stack>
  );
}

function Row(props: RowProps) {
  const { o } = props;
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="support-org" data-id={o.id}>
      <Table.Td maw={240}>
        <Name o={o} created />
      </Table.Td>
      <Table.Td miw={170}>
        <StateCell o={o} />
      </Table.Td>
      <Table.Td miw={180}>
        <PackageCell o={o} />
      </Table.Td>
      <Table.Td>
        <TreesCell o={o} />
      </Table.Td>
      <Table.Td>
        <StorageCell o={o} />
      </Table.Td>
      <Table.Td aria-label={t('support.columns.actions')}>
        <Actions {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

/** On a phone: one card per organisation, the same facts stacked. */
function PhoneCard(props: RowProps) {
  const { o } = props;
  return (
    <Card padding="md" data-testid="support-org" data-id={o.id}>
      <Stack gap="sm">
        <Name o={o} />
        <StateCell o={o} />
        <PackageCell o={o} />
        <Group grow gap="md" align="flex-start">
          <TreesCell o={o} />
          <StorageCell o={o} />
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <CreatedText o={o} />
          <Actions {...props} />
        </Group>
      </Stack>
    </Card>
  );
}

/** Every organisation's state, packages and usage, searchable, by name, a page at a time. */
export function SupportOrganisations({
  onExtend,
  onRecords,
}: {
  onExtend: (o: SupportOrganisation) => void;
  onRecords: (o: SupportOrganisation) => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 62em)') ?? false;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<StatusFilter>('');
  const { offset, pager, reset } = usePager(SUPPORT_PAGE);
  const list = useSupportOrganisations(q, status, offset);
  const total = list.data?.total ?? 0;
  const statuses: { value: StatusFilter; label: string }[] = [
    { value: '', label: t('support.filter.all') },
    { value: 'demo', label: t('support.filter.demo') },
    { value: 'expired', label: t('support.filter.expired') },
    { value: 'booked', label: t('support.filter.booked') },
    { value: 'terminated', label: t('support.filter.terminated') },
  ];
  const columns = [
    { label: t('support.columns.organisation') },
    { label: t('support.columns.state') },
    { label: t('support.columns.package') },
    { label: t('support.columns.trees') },
    { label: t('support.columns.storage') },
    { label: <VisuallyHidden>{t('support.columns.actions')}</VisuallyHidden> },
  ];
  const filters = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          reset();
        }}
        leftSection={<IconSearch size={16} />}
        placeholder={t('support.search')}
        aria-label={t('support.search')}
        style={{ flex: '1 1 260px', maxWidth: 480 }}
        data-testid="support-search"
      />
      <Select
        data={statuses}
        value={status}
        onChange={(v) => {
          setStatus((v ?? '') as StatusFilter);
          reset();
        }}
        allowDeselect={false}
        aria-label={t('support.filter.label')}
        w={{ base: '100%', xs: 200 }}
        data-testid="support-status"
      />
      <Text size="sm" c="dimmed" ml={{ xs: 'auto' }} data-testid="support-total">
        {t('support.total', { count: total, formatted: new Intl.NumberFormat(i18n.language).format(total) })}
      </Text>
    </Group>
  );
  return (
    <PagedList
      query={list}
      pager={pager}
      pagesTestId="support-pages"
      loading={<ListSkeleton rows={6} />}
      header={filters}
      empty={
        <EmptyCard
          icon={IconBuildingCommunity}
          title={t('support.empty.title')}
          text={t('support.empty.text')}
          testId="support-empty"
        />
      }
    >
      {(items) =>
        phone ? (
          <Stack gap="sm" data-testid="support-organisations">
            {items.map((o) => (
              <PhoneCard key={o.id} o={o} onExtend={onExtend} onRecords={onRecords} />
            ))}
          </Stack>
        ) : (
          <Card padding={0} data-testid="support-organisations">
            <HeadedTable minWidth={920} columns={columns} verticalSpacing="sm" horizontalSpacing="md">
              {items.map((o) => (
                <Row key={o.id} o={o} onExtend={onExtend} onRecords={onRecords} />
              ))}
            </HeadedTable>
          </Card>
        )
      }
    </PagedList>
  );
}
