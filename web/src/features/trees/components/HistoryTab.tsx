import { useMemo } from 'react';
import { Badge, Group, Loader, Stack, Table, Text, Timeline } from '@mantine/core';
import {
  IconArrowRight,
  IconClipboardCheck,
  IconHistory,
  IconPaperclip,
  IconPencil,
  IconPlant2,
  IconPlus,
  IconTool,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProjectSettings } from '@/api/projects/settings';
import { useHistory } from '../api/getHistory';
import { TabEmpty } from './TabEmpty';
import type { Change, ContentLists } from '@/api/trees/types';
import { historyFieldName, historyFieldVisible } from '@/lib/trees/tree';
import { formatDateTime } from '@/lib/trees/format';
import { useFieldFormatter } from '@/lib/trees/fieldFormat';

/** One write: the changes of one object made by one person at one time. */
interface Entry {
  key: string;
  at: string;
  who: string;
  entity: Change['entity'];
  entityId: string;
  op: Change['op'];
  changes: Change[];
  record: Record<string, unknown> | null;
  importFile?: string;
}

function group(items: Change[]): Entry[] {
  const out: Entry[] = [];
  for (const c of items) {
    const last = out[out.length - 1];
    if (last && c.op === 'update' && last.op === 'update' && last.at === c.at && last.entityId === c.entity_id) {
      last.changes.push(c);
      continue;
    }
    out.push({
      key: String(c.id),
      at: c.at,
      who: c.alias || c.username,
      entity: c.entity,
      entityId: c.entity_id,
      op: c.op,
      changes: [c],
      record: (c.op === 'delete' ? c.old_value : c.new_value) as Record<string, unknown> | null,
      importFile: c.import_file,
    });
  }
  return out;
}

const ICONS = { insert: IconPlus, update: IconPencil, delete: IconTrash };
const ENTITY_ICONS = {
  tree: IconPlant2,
  group: IconPlant2,
  check: IconClipboardCheck,
  action: IconTool,
  file: IconPaperclip,
};
const COLORS = { tree: 'arbor', group: 'arbor', check: 'blue', action: 'orange', file: 'grape' };

/** History: every change of the object and its inspections and works, newest first. */
export function HistoryTab({
  projectId,
  treeId,
  lists,
  settings,
}: {
  projectId: string;
  treeId: string;
  lists: ContentLists | undefined;
  settings: ProjectSettings | undefined;
}) {
  const { t, i18n } = useTranslation();
  const history = useHistory(projectId, treeId);
  const fmt = useFieldFormatter(lists, settings);
  const entries = useMemo(() => {
    const items = history.data?.items ?? [];
    // Works are named in their insert record; later changes refer to them by id.
    const names = new Map<string, string>();
    for (const c of items) {
      const rec = (c.new_value ?? c.old_value) as { action?: string; name?: string } | null;
      if (c.entity === 'action' && c.op !== 'update' && rec?.action) names.set(c.entity_id, rec.action);
      // A file is named by its latest name (newest first): the insert's or a rename's.
      if (c.entity === 'file' && !names.has(c.entity_id)) {
        const name = c.op === 'update' ? (c.field === 'name' ? (c.new_value as string) : undefined) : rec?.name;
        if (name) names.set(c.entity_id, name);
      }
    }
    const list = group(items.filter((c) => c.op !== 'update' || historyFieldVisible(c.field)));
    return { list, names };
  }, [history.data]);

  if (history.isLoading) return <Loader size="sm" />;
  if (entries.list.length === 0) {
    return <TabEmpty icon={IconHistory} title={t('trees.history.empty')} testId="history-empty" />;
  }

  const title = (e: Entry) => {
    const name = e.entity === 'action' || e.entity === 'file' ? entries.names.get(e.entityId) : undefined;
    return t(`trees.history.${e.entity}.${e.op}`, { name: name ?? '' });
  };

  return (
    <Stack gap="sm" pb="md" data-testid="tree-history">
      {history.data && history.data.total > history.data.items.length && (
        <Text size="xs" c="dimmed">
          {t('trees.history.latest', { count: history.data.items.length, total: history.data.total })}
        </Text>
      )}
      <Timeline bulletSize={26} lineWidth={2}>
        {entries.list.map((e) => {
          const Icon = e.op === 'update' ? ENTITY_ICONS[e.entity] : ICONS[e.op];
          const record = e.record ?? {};
          return (
            <Timeline.Item
              key={e.key}
              bullet={<Icon size={14} />}
              color={e.op === 'delete' ? 'red' : COLORS[e.entity]}
              data-testid="history-entry"
              data-entity={e.entity}
              data-op={e.op}
            >
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600}>
                  {title(e)}
                </Text>
                <Badge size="xs" variant="light" color={COLORS[e.entity]}>
                  {t(`trees.history.entity.${e.entity}`)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {formatDateTime(e.at, i18n.language)} · {e.who || t('trees.history.system')}
              </Text>
              {e.op === 'update' && e.entity === 'file' && (
                <Stack gap={2} mt={4}>
                  {e.changes.map((c) => (
                    <Group key={c.id} gap={4} wrap="wrap" data-testid="history-change" data-field={c.field ?? ''}>
                      <Text span size="xs" c="dimmed">
                        {t(`trees.history.fileField.${c.field}`)}:
                      </Text>
                      <Text span size="xs" td="line-through" c="dimmed">
                        {String(c.old_value ?? '') || '—'}
                      </Text>
                      <IconArrowRight size={11} />
                      <Text span size="xs" fw={600}>
                        {String(c.new_value ?? '') || '—'}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
              {e.op === 'update' && e.entity !== 'file' && (
                <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={4} mt={4} fz="xs">
                  <Table.Tbody>
                    {e.changes.map((c) => (
                      <Table.Tr key={c.id} data-testid="history-change" data-field={historyFieldName(c.field ?? '')}>
                        <Table.Td c="dimmed" w="38%" style={{ verticalAlign: 'top' }}>
                          {fmt.label(c.field ?? '')}
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="wrap">
                            <Text span size="xs" td="line-through" c="dimmed">
                              {fmt.value(c.field ?? '', c.old_value)}
                            </Text>
                            <IconArrowRight size={11} />
                            <Text span size="xs" fw={600}>
                              {fmt.value(c.field ?? '', c.new_value)}
                            </Text>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {e.op === 'update' && e.importFile && (
                <Text size="xs" c="dimmed" mt={2} data-testid="history-import">
                  {t('trees.history.updatedByImport', { file: e.importFile })}
                </Text>
              )}
              {e.op === 'insert' && e.entity === 'check' && (
                <Text size="xs" mt={4}>
                  {[
                    record.vitality !== null && record.vitality !== undefined
                      ? `${t('treeFields.vitality')}: ${fmt.value('vitality', record.vitality)}`
                      : '',
                    record.check_next
                      ? t('trees.rating.nextOn', { date: fmt.value('check_next', record.check_next) })
                      : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              )}
              {e.op === 'insert' && (e.entity === 'tree' || e.entity === 'group') && (
                <Text size="xs" mt={4}>
                  {t('trees.history.number', { number: String(record.number ?? '') })}
                  {e.importFile && ` · ${t('trees.history.imported', { file: e.importFile })}`}
                </Text>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Stack>
  );
}
