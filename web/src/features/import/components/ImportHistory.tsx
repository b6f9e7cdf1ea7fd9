import { ActionIcon, Badge, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useImports, useUndoImport } from '../api/imports';

/** The project's imports, newest first; management undoes one as a whole, after a confirmation. */
export function ImportHistory({
  projectId,
  canUndo,
  onUndone,
}: {
  projectId: string;
  canUndo: boolean;
  onUndone?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const list = useImports(projectId);
  const undo = useUndoImport(projectId);
  const items = list.data?.items ?? [];
  if (!items.length) return null;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const confirm = (id: string, count: number, updated: number) =>
    modals.openConfirmModal({
      title: t('import.history.undo'),
      children: (
        <Text size="sm">
          {updated > 0
            ? t('import.history.confirmUpdated', { count, updated })
            : t('import.history.confirm', { count })}
        </Text>
      ),
      labels: { confirm: t('import.history.undo'), cancel: t('import.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'import-undo-confirm' },
      onConfirm: () =>
        undo.mutate(id, {
          onSuccess: (r) => {
            onUndone?.();
            notifications.show({
              color: 'green',
              message: [
                t('import.history.removed', { count: r.removed }),
                r.restored > 0 ? t('import.history.restored', { count: r.restored }) : '',
              ]
                .filter(Boolean)
                .join(' '),
            });
          },
          onError: (e) => notifications.show({ color: 'red', message: (e as Error).message }),
        }),
    });
  return (
    <Stack gap={6} data-testid="import-history">
      <Title order={6}>{t('import.history.title')}</Title>
      <Table verticalSpacing={4} fz="sm">
        <Table.Tbody>
          {items.slice(0, 10).map((i) => (
            <Table.Tr key={i.id} data-testid="import-history-item">
              <Table.Td>
                <Text size="sm" fw={500} lineClamp={1}>
                  {i.file_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {when.format(new Date(i.created_at))}
                  {i.user_alias ? ` · ${i.user_alias}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {t('import.preview.summaryShort', { trees: i.trees, groups: i.groups })}
                  {i.updated > 0 && `, ${t('import.history.updated', { count: i.updated })}`}
                </Text>
              </Table.Td>
              <Table.Td w={60}>
                <Group justify="flex-end">
                  {i.undone_at ? (
                    <Badge variant="light" color="gray">
                      {t('import.history.undone')}
                    </Badge>
                  ) : (
                    canUndo && (
                      <Tooltip label={t('import.history.undo')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('import.history.undo')}
                          onClick={() => confirm(i.id, i.trees + i.groups, i.updated)}
                          data-testid="import-undo"
                        >
                          <IconArrowBackUp size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
