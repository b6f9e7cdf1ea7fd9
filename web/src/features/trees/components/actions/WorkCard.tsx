import { ActionIcon, Badge, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconCircleCheck, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Action } from '@/api/trees/types';
import { formatDate, formatDateTime } from '@/lib/trees/format';
import { SAFETY_COLORS, type TreePermissions } from '@/lib/trees/tree';
import { DeadlineClassBadge } from '../badges';

/** One work of a tree: what, how urgent or when it was done, and (for who may) its menu. */
export function WorkCard({
  a,
  perms,
  onEdit,
  onComplete,
  onReopen,
  onDelete,
}: {
  a: Action;
  perms: TreePermissions;
  onEdit: () => void;
  onComplete: () => void;
  onReopen: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const done = !!a.execute_timestamp;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="action-card"
      data-state={done ? 'done' : 'open'}
      style={done ? { opacity: 0.85 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" data-testid="action-name">
              {a.action}
            </Text>
            <Group gap={6}>
              {a.category && (
                <Text size="xs" c="dimmed">
                  {t(`lists.categories.${a.category}`, { defaultValue: a.category })}
                </Text>
              )}
              {a.security_relevance && (
                <Badge size="xs" variant="dot" color={SAFETY_COLORS[a.code_action_security] ?? 'orange'}>
                  {t('trees.works.relevant')}
                </Badge>
              )}
              {a.marker && (
                <Badge size="xs" variant="outline" color="gray" tt="none">
                  {a.marker}
                </Badge>
              )}
            </Group>
          </Stack>
          <Group gap={4} wrap="nowrap">
            {done ? (
              <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} />}>
                {t('trees.works.done')}
              </Badge>
            ) : (
              <DeadlineClassBadge value={a.deadline_class} />
            )}
            {perms.works && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('trees.works.menu')}
                    data-testid="action-menu"
                  >
                    <IconDots size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {!done && (
                    <Menu.Item leftSection={<IconCheck size={14} />} onClick={onComplete} data-testid="action-complete">
                      {t('trees.works.complete')}
                    </Menu.Item>
                  )}
                  {done && (
                    <Menu.Item
                      leftSection={<IconArrowBackUp size={14} />}
                      onClick={onReopen}
                      data-testid="action-reopen"
                    >
                      {t('trees.works.reopen')}
                    </Menu.Item>
                  )}
                  <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit} data-testid="action-edit">
                    {t('trees.works.edit')}
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={onDelete}
                    data-testid="action-delete"
                  >
                    {t('trees.works.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>
        {a.deadline && !done && (
          <Text size="xs">{t('trees.works.deadlineOn', { date: formatDate(a.deadline, i18n.language) })}</Text>
        )}
        {a.comment && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {a.comment}
          </Text>
        )}
        {done && (
          <Text size="xs" c="dimmed" data-testid="action-executed">
            {t('trees.works.doneBy', {
              date: formatDateTime(a.execute_timestamp, i18n.language),
              who: a.execute_alias || a.execute_username,
            })}
            {a.execute_note ? ` — ${a.execute_note}` : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
