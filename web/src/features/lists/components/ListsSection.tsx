import { useMemo, useState } from 'react';
import {
  Button,
  Card,
  FileButton,
  Group,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MutationConfirm } from '@/components/MutationConfirm';
import { Pager } from '@/components/Pager';
import type { Organisation } from '@/api/organisations/types';
import { canEditOrganisation } from '@/api/organisations/organisation';
import { useDeleteEntry, useImportEntries, useListEntries } from '../api/lists';
import { LIST_NAMES, filterEntries, parentList, type ListEntry, type ListName } from '../lists';
import { EntryModal } from './EntryModal';
import { ListTable } from './ListTable';

const PAGE_SIZE = 50;

/** Type-specific columns of a list's table. */
function columns(list: ListName): string[] {
  switch (list) {
    case 'species':
      return ['botanical', 'speciesName', 'protection'];
    case 'work':
      return ['name', 'category', 'actionSecurity', 'securityRelevance'];
    case 'symptom':
      return ['name', 'symptomType', 'note'];
    default:
      return ['name', `parent.${list}`];
  }
}

/**
 * The organisation's value lists (docs/PRODUCT.md §2 "lists"): per list the standard entries (read-only) and
 * the organisation's own, searchable; administrators add, change, remove and import own entries.
 */
export function ListsSection({ organisation: o }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const [list, setList] = useState<ListName>('species');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ entry: ListEntry | null; key: number } | null>(null);
  const [removing, setRemoving] = useState<ListEntry | null>(null);
  const editable = canEditOrganisation(o);
  const entries = useListEntries(o.id, list);
  const parentOf = parentList(list);
  const parents = useListEntries(o.id, parentOf ?? 'work', !!parentOf);
  const remove = useDeleteEntry();
  const importing = useImportEntries();

  const parentNames = useMemo(() => {
    const m = new Map<string, string>();
    if (parentOf) for (const p of parents.data ?? []) m.set(p.id, p.name);
    return m;
  }, [parentOf, parents.data]);
  const parentName = (id: string | null) => (id ? (parentNames.get(id) ?? '') : '');
  const shown = useMemo(
    () => filterEntries(entries.data ?? [], query, (id) => (id ? (parentNames.get(id) ?? '') : ''), true),
    [entries.data, query, parentNames],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const ownCount = (entries.data ?? []).filter((e) => !e.global).length;

  const choose = (l: ListName) => {
    setList(l);
    setQuery('');
    setPage(1);
  };

  const onImport = (file: File | null) => {
    if (!file) return;
    importing.mutate(
      { orgId: o.id, list, file },
      {
        onSuccess: (res) => {
          notifications.show({
            color: res.added.length ? 'arbor' : 'yellow',
            title: t('lists.imported', { count: res.added.length }),
            message: res.existing.length
              ? t('lists.importExisting', { count: res.existing.length, values: res.existing.join(', ') })
              : t('lists.importNoneExisting'),
            autoClose: 10000,
          });
        },
        onError: (e) => {
          notifications.show({ color: 'red', message: e.message });
        },
      },
    );
  };

  const cols = columns(list);

  return (
    <Stack gap="md" data-testid="value-lists" data-list={list}>
      <Stack gap={4}>
        <Text fw={650}>{t('lists.heading')}</Text>
        <Text size="sm" c="dimmed">
          {t('lists.text')}
        </Text>
      </Stack>
      <ScrollArea type="auto" offsetScrollbars>
        <SegmentedControl
          value={list}
          onChange={(v) => choose(v as ListName)}
          data={LIST_NAMES.map((l) => ({
            value: l,
            label: <span data-testid={`list-${l}`}>{t(`lists.names.${l}`)}</span>,
          }))}
          aria-label={t('lists.heading')}
        />
      </ScrollArea>
      <Card padding="lg">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <TextInput
              leftSection={<IconSearch size={16} />}
              placeholder={t('lists.search')}
              aria-label={t('lists.search')}
              value={query}
              onChange={(e) => {
                setQuery(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', sm: 320 }}
              data-testid="list-search"
            />
            {editable && (
              <Group gap="sm">
                <FileButton
                  onChange={onImport}
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconFileSpreadsheet size={16} />}
                      loading={importing.isPending}
                      data-testid="list-import"
                    >
                      {t('lists.import')}
                    </Button>
                  )}
                </FileButton>
                <Button
                  leftSection={<IconPlus size={16} />}
                  onClick={() => setEditing({ entry: null, key: Date.now() })}
                  data-testid="list-add"
                >
                  {t('lists.add')}
                </Button>
              </Group>
            )}
          </Group>
          <Text size="xs" c="dimmed" data-testid="list-count">
            {t('lists.count', { count: entries.data?.length ?? 0, own: ownCount })}
            {editable && ` · ${t('lists.importHint')}`}
          </Text>
          {entries.isPending ? (
            <Stack gap="xs">
              <Skeleton h={32} />
              <Skeleton h={32} />
              <Skeleton h={32} />
            </Stack>
          ) : shown.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="list-empty">
              {t('lists.empty')}
            </Text>
          ) : (
            <ListTable
              list={list}
              cols={cols}
              rows={rows}
              editable={editable}
              parentName={parentName}
              onEdit={(e) => setEditing({ entry: e, key: Date.now() })}
              onRemove={(e) => {
                remove.reset();
                setRemoving(e);
              }}
            />
          )}
          {pages > 1 && (
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {t('lists.showing', {
                  from: (current - 1) * PAGE_SIZE + 1,
                  to: Math.min(current * PAGE_SIZE, shown.length),
                  count: shown.length,
                })}
              </Text>
              <Pager pages={pages} page={current} onPage={setPage} testId="list-pages" />
            </Group>
          )}
        </Stack>
      </Card>
      {editing && (
        <EntryModal
          key={editing.key}
          organisationId={o.id}
          list={list}
          entry={editing.entry}
          parents={parents.data ?? []}
          opened
          onClose={() => setEditing(null)}
          onSaved={(name, added) => {
            setEditing(null);
            notifications.show({ color: 'arbor', message: t(added ? 'lists.added' : 'lists.saved', { name }) });
          }}
        />
      )}
      <MutationConfirm
        mutation={remove}
        input={removing && { orgId: o.id, list, id: removing.id }}
        done={() => t('lists.removed', { name: removing?.name ?? '' })}
        onDone={() => setRemoving(null)}
        opened={!!removing}
        onClose={() => setRemoving(null)}
        title={t('lists.removeTitle')}
        confirmLabel={t('lists.remove')}
        testId="remove-entry-modal"
      >
        {t('lists.removeText', { name: removing?.name ?? '' })}
      </MutationConfirm>
    </Stack>
  );
}
