import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { ConfirmModal } from '@/components/ConfirmModal';
import type { Organisation } from '@/api/organisations/types';
import { canEditOrganisation } from '@/api/organisations/organisation';
import { useDeleteEntry, useImportEntries, useListEntries } from '../api/lists';
import { LIST_NAMES, filterEntries, parentList, type ListEntry, type ListName } from '../lists';
import { EntryModal } from './EntryModal';

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

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { orgId: o.id, list, id: removing.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'arbor', message: t('lists.removed', { name: removing.name }) });
          setRemoving(null);
        },
      },
    );
  };

  const cell = (e: ListEntry, c: string) => {
    switch (c) {
      case 'botanical':
        return (
          <Text size="sm" fs="italic">
            {e.botanical}
          </Text>
        );
      case 'speciesName':
      case 'name':
        return <Text size="sm">{e.name}</Text>;
      case 'protection':
        return e.protection ? (
          <Badge variant="light" color="green">
            {t('lists.protected')}
          </Badge>
        ) : null;
      case 'category':
        return e.category ? t(`lists.categories.${e.category}`, { defaultValue: e.category }) : '';
      case 'actionSecurity':
        return t(`lists.actionSecurity.${e.action_security}`);
      case 'securityRelevance':
        return e.security_relevance ? t('lists.yes') : t('lists.no');
      case 'symptomType':
        return e.symptom_type ? t(`lists.symptomTypes.${e.symptom_type}`) : '';
      case 'note':
        return (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {e.note}
          </Text>
        );
      default:
        return parentName(e.parent);
    }
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
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover verticalSpacing="xs" data-testid="list-table">
                <Table.Thead>
                  <Table.Tr>
                    {cols.map((c) => (
                      <Table.Th key={c}>{t(`lists.columns.${c}`)}</Table.Th>
                    ))}
                    <Table.Th w={120}>{t('lists.columns.source')}</Table.Th>
                    {editable && <Table.Th w={90} />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((e) => (
                    <Table.Tr
                      key={e.id}
                      data-testid="list-row"
                      data-name={list === 'species' ? e.botanical : e.name}
                      data-global={e.global}
                    >
                      {cols.map((c) => (
                        <Table.Td key={c}>{cell(e, c)}</Table.Td>
                      ))}
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {e.global ? (
                          <Badge
                            variant="light"
                            color="gray"
                            style={{ overflow: 'visible' }}
                            data-testid="standard-badge"
                          >
                            {t('lists.standard')}
                          </Badge>
                        ) : (
                          <Badge variant="light" color="arbor">
                            {t('lists.own')}
                          </Badge>
                        )}
                      </Table.Td>
                      {editable && (
                        <Table.Td>
                          {!e.global && (
                            <Group gap={4} wrap="nowrap" justify="flex-end">
                              <Tooltip label={t('lists.edit')} withArrow>
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={`${t('lists.edit')}: ${e.name}`}
                                  onClick={() => setEditing({ entry: e, key: Date.now() })}
                                  data-testid="edit-entry"
                                >
                                  <IconPencil size={16} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label={t('lists.remove')} withArrow>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={`${t('lists.remove')}: ${e.name}`}
                                  onClick={() => {
                                    remove.reset();
                                    setRemoving(e);
                                  }}
                                  data-testid="remove-entry"
                                >
                                  <IconTrash size={16} />
                                </ActionIcon>
                              </Tooltip>
                            </Group>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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
              <Pagination
                total={pages}
                value={current}
                onChange={setPage}
                size="sm"
                data-testid="list-pages"
                getControlProps={(control) => ({ 'aria-label': t(`lists.page.${control}`) })}
              />
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
      <ConfirmModal
        opened={!!removing}
        onClose={() => setRemoving(null)}
        title={t('lists.removeTitle')}
        confirmLabel={t('lists.remove')}
        loading={remove.isPending}
        error={remove.error instanceof ApiError ? remove.error.message : null}
        onConfirm={confirmRemove}
        testId="remove-entry-modal"
      >
        {t('lists.removeText', { name: removing?.name ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}
