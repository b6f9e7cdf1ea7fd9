import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconCheck,
  IconCircleCheck,
  IconDots,
  IconPencil,
  IconPlus,
  IconShieldCheck,
  IconTool,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import type { ProjectSettings } from '@/api/projects/settings';
import { useActions } from '../api/getActions';
import { useCompleteAction } from '../api/completeAction';
import { useDeleteAction } from '../api/deleteAction';
import type { Action, ContentLists, Tree } from '@/api/trees/types';
import { SAFETY_COLORS, type TreePermissions } from '@/lib/trees/tree';
import { ActionModal } from './ActionModal';
import { DeadlineClassBadge, SafetyBadge } from './badges';
import { FELLING_WARN_DAYS, fellingWarning, overdueSafetyWorks } from '../safety';
import { dayToTimestamp, formatDate, formatDateTime, todayISO } from '@/lib/trees/format';
import { Section } from './Section';

function WorkCard({
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

/** Action Required: the safety the works give the tree, and the works, open ones first. */
export function ActionsTab({
  projectId,
  tree,
  perms,
  settings,
  lists,
  onChanged,
}: {
  projectId: string;
  tree: Tree;
  perms: TreePermissions;
  settings: ProjectSettings | undefined;
  lists: ContentLists | undefined;
  onChanged?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const actions = useActions(projectId, tree.id);
  const complete = useCompleteAction(projectId, tree.id);
  const remove = useDeleteAction(projectId, tree.id);
  const [editing, setEditing] = useState<Action | null | undefined>(undefined);
  const [completing, setCompleting] = useState<Action | null>(null);
  const [note, setNote] = useState('');
  const [day, setDay] = useState(todayISO());
  const [error, setError] = useState<string | null>(null);

  const fail = (e: unknown) =>
    notifications.show({
      color: 'red',
      message: e instanceof ApiError ? e.message : t('errors.generic'),
      autoClose: 8000,
    });
  const changed = (message: string) => {
    notifications.show({ color: 'arbor', icon: <IconCheck size={18} />, message });
    onChanged?.();
  };

  const startComplete = (a: Action) => {
    setNote('');
    setDay(todayISO());
    setError(null);
    setCompleting(a);
  };
  const submitComplete = () => {
    if (!completing) return;
    if (day > todayISO()) return setError(t('trees.works.futureDate'));
    complete.mutate(
      {
        id: completing.id,
        version: completing.version,
        execute_note: note.trim(),
        execute_timestamp: dayToTimestamp(day),
      },
      {
        onSuccess: () => {
          setCompleting(null);
          changed(t('trees.works.completed'));
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : t('errors.generic')),
      },
    );
  };
  const reopen = (a: Action) =>
    modals.openConfirmModal({
      title: t('trees.works.reopenTitle'),
      centered: true,
      children: <Text size="sm">{t('trees.works.reopenText', { name: a.action })}</Text>,
      labels: { confirm: t('trees.works.reopen'), cancel: t('common.cancel') },
      confirmProps: { 'data-testid': 'action-reopen-confirm' } as never,
      onConfirm: () =>
        complete.mutate(
          { id: a.id, version: a.version, reopen: true },
          {
            onSuccess: () => changed(t('trees.works.reopened')),
            onError: fail,
          },
        ),
    });
  const del = (a: Action) =>
    modals.openConfirmModal({
      title: t('trees.works.deleteTitle'),
      centered: true,
      children: <Text size="sm">{t('trees.works.deleteText', { name: a.action })}</Text>,
      labels: { confirm: t('trees.works.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'action-delete-confirm' } as never,
      onConfirm: () =>
        remove.mutate(a.id, { onSuccess: () => changed(t('trees.works.deleted', { name: a.action })), onError: fail }),
    });

  const notes = (lists?.work_note ?? []).filter((n) => !completing || n.parent === completing.work).map((n) => n.name);
  const open = actions.data?.filter((a) => !a.execute_timestamp) ?? [];
  const done = actions.data?.filter((a) => a.execute_timestamp) ?? [];
  const today = todayISO();
  const overdue = overdueSafetyWorks(open, today);
  const felling = actions.data ? fellingWarning(tree.action_security, open, today) : null;

  return (
    <Stack gap="lg" pb="md" data-testid="tree-actions">
      <Paper
        withBorder
        radius="md"
        p="md"
        style={{ borderLeft: `4px solid var(--mantine-color-${SAFETY_COLORS[tree.action_security] ?? 'gray'}-6)` }}
        data-testid="tree-safety-card"
      >
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            {t('trees.works.safety')}
          </Text>
          <Group gap="sm">
            <SafetyBadge value={tree.action_security} size="xl" radius="md" />
          </Group>
          <Text size="xs" c="dimmed">
            {t(`trees.works.safetyText.${tree.action_security}`)}
          </Text>
        </Stack>
      </Paper>
      {overdue.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="tree-safety-overdue">
          {t('trees.works.safetyOverdue', { count: overdue.length })}
        </Alert>
      )}
      {felling && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="tree-felling-far">
          {felling.kind === 'far'
            ? t('trees.works.fellingFar', { date: formatDate(felling.date, i18n.language), days: FELLING_WARN_DAYS })
            : t('trees.works.fellingNone', { days: FELLING_WARN_DAYS })}
        </Alert>
      )}

      <Section title={t('trees.works.open', { count: open.length })}>
        {perms.works && (
          <Group>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="action-new">
              {t('trees.works.add')}
            </Button>
          </Group>
        )}
        {actions.isLoading && <Loader size="sm" />}
        {actions.data && open.length === 0 && (
          <Paper withBorder radius="md" p="lg" data-testid="actions-empty">
            <Stack align="center" gap={6}>
              <ThemeIcon variant="light" size={40} radius="xl" color="green">
                <IconShieldCheck size={22} />
              </ThemeIcon>
              <Text fw={600} size="sm">
                {t('trees.works.emptyTitle')}
              </Text>
              <Text size="xs" c="dimmed" ta="center">
                {t('trees.works.emptyText')}
              </Text>
            </Stack>
          </Paper>
        )}
        {open.map((a) => (
          <WorkCard
            key={a.id}
            a={a}
            perms={perms}
            onEdit={() => setEditing(a)}
            onComplete={() => startComplete(a)}
            onReopen={() => reopen(a)}
            onDelete={() => del(a)}
          />
        ))}
      </Section>

      {done.length > 0 && (
        <Section title={t('trees.works.doneTitle', { count: done.length })}>
          {done.map((a) => (
            <WorkCard
              key={a.id}
              a={a}
              perms={perms}
              onEdit={() => setEditing(a)}
              onComplete={() => startComplete(a)}
              onReopen={() => reopen(a)}
              onDelete={() => del(a)}
            />
          ))}
        </Section>
      )}

      <ActionModal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        projectId={projectId}
        treeId={tree.id}
        action={editing ?? null}
        lists={lists}
        settings={settings}
        onChanged={onChanged}
      />

      <Modal
        opened={completing !== null}
        onClose={() => setCompleting(null)}
        title={t('trees.works.completeTitle')}
        centered
        data-testid="complete-modal"
      >
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" radius="xl">
              <IconTool size={16} />
            </ThemeIcon>
            <Text size="sm" fw={600}>
              {completing?.action}
            </Text>
          </Group>
          <TextInput
            type="date"
            label={t('trees.works.executedOn')}
            value={day}
            max={todayISO()}
            onChange={(e) => setDay(e.currentTarget.value)}
            w={200}
          />
          <Autocomplete
            label={t('trees.works.executeNote')}
            placeholder={t('trees.works.executeNotePlaceholder')}
            data={[...new Set(notes)]}
            value={note}
            onChange={setNote}
            maxLength={2000}
            data-testid="complete-note"
            data-autofocus
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCompleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="green"
              leftSection={<IconCheck size={16} />}
              loading={complete.isPending}
              onClick={submitComplete}
              data-testid="complete-submit"
            >
              {t('trees.works.complete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
