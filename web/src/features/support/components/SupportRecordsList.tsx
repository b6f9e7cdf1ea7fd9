import { Anchor, Badge, Card, Code, CloseButton, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarPlus, IconHistory, IconList, IconPointer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyCard, ListSkeleton } from '@/components/ListStates';
import { PagedList, usePager } from '@/components/PagedList';
import { ListRow, RowList } from '@/components/RowList';
import { OrganisationLink } from '@/components/OrganisationLink';
import { SUPPORT_PAGE, useSupportRecords, type SupportRecord } from '../api/support';

/** What a record says was done: an extension with its days and new end, a listing, or the call. */
function What({ r }: { r: SupportRecord }) {
  const { t, i18n } = useTranslation();
  if (r.action === 'extend demo') {
    const until = r.detail.demo_until ? new Date(r.detail.demo_until) : null;
    return (
      <Text size="sm" fw={600}>
        {t('support.record.extend', {
          count: r.detail.days ?? 0,
          date: until ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(until) : '',
        })}
      </Text>
    );
  }
  if (r.action === 'list organisations')
    return (
      <Text size="sm" fw={600}>
        {t('support.record.list')}
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={600}>
        {t('support.record.call')}
      </Text>
      <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{r.action}</Code>
    </Group>
  );
}

function ActionIcon({ action }: { action: string }) {
  const props = { size: 18, stroke: 1.7 };
  if (action === 'extend demo') return <IconCalendarPlus {...props} />;
  if (action === 'list organisations') return <IconList {...props} />;
  return <IconPointer {...props} />;
}

type OrganisationRef = { id: string; name: string };

/** One record: the icon of its kind, what was done, by whom, on which organisation, when. */
function SupportRecordRow({
  r,
  first,
  onOrganisation,
}: {
  r: SupportRecord;
  first: boolean;
  /** Narrows the list to the record's organisation; absent while it is narrowed. */
  onOrganisation?: (o: OrganisationRef) => void;
}) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ListRow first={first} align="flex-start" gap="md" px="md" testId="support-record" data-action={r.action}>
      <ThemeIcon variant="light" color={r.action === 'extend demo' ? 'arbor' : 'gray'} radius="md" size={34} mt={2}>
        <ActionIcon action={r.action} />
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <What r={r} />
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[r.user_name || t('support.record.unknownUser'), r.user_email].filter(Boolean).join(' · ')}
        </Text>
        {r.organisation_id && (
          <Group gap={6} wrap="wrap">
            <OrganisationLink
              id={r.organisation_id}
              name={r.organisation_name}
              size="xs"
              data-testid="support-record-organisation"
            />
            {onOrganisation && (
              <Anchor
                component="button"
                type="button"
                size="xs"
                c="dimmed"
                onClick={() => onOrganisation({ id: r.organisation_id!, name: r.organisation_name })}
              >
                {t('support.record.onlyThis')}
              </Anchor>
            )}
          </Group>
        )}
      </Stack>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="support-record-at">
        {when.format(new Date(r.at))}
      </Text>
    </ListRow>
  );
}

/** "Records of <organisation>" with a way back to everyone's. */
function OrganisationFilter({ organisation, onAll }: { organisation: OrganisationRef; onAll: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        {t('support.record.of')}
      </Text>
      <Badge
        size="lg"
        variant="light"
        color="arbor"
        tt="none"
        rightSection={
          <CloseButton
            size="xs"
            aria-label={t('support.record.all')}
            onClick={onAll}
            data-testid="support-records-all"
          />
        }
        data-testid="support-records-filter"
      >
        {organisation.name}
      </Badge>
    </Group>
  );
}

/**
 * The support record, newest first: who of platform support did what, on which organisation, when.
 * With an organisation it shows only that one's, and a way back to everyone's.
 */
export function SupportRecordsList({
  organisation,
  onOrganisation,
}: {
  organisation: OrganisationRef | null;
  onOrganisation: (o: OrganisationRef | null) => void;
}) {
  const { t } = useTranslation();
  const { offset, pager, reset } = usePager(SUPPORT_PAGE);
  const records = useSupportRecords(organisation?.id ?? '', offset);
  const narrow = (o: OrganisationRef | null) => {
    onOrganisation(o);
    reset();
  };
  return (
    <PagedList
      query={records}
      pager={pager}
      pagesTestId="support-records-pages"
      loading={<ListSkeleton rows={5} />}
      header={organisation && <OrganisationFilter organisation={organisation} onAll={() => narrow(null)} />}
      empty={
        <EmptyCard
          icon={IconHistory}
          title={t('support.record.emptyTitle')}
          text={t('support.record.emptyText')}
          testId="support-records-empty"
        />
      }
    >
      {(list) => (
        <Card padding={0} data-testid="support-records">
          <RowList>
            {list.map((r, i) => (
              <SupportRecordRow key={r.id} r={r} first={i === 0} onOrganisation={organisation ? undefined : narrow} />
            ))}
          </RowList>
        </Card>
      )}
    </PagedList>
  );
}
