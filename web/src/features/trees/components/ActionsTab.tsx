import { useState } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useActions } from '../api/getActions';
import { useCompleteAction } from '../api/completeAction';
import { useDeleteAction } from '../api/deleteAction';
import type { Action } from '@/api/trees/types';
import { ActionModal } from './ActionModal';
import { WorkCard } from './actions/WorkCard';
import { SafetyCard } from './actions/SafetyCard';
import { CompleteWorkModal } from './actions/CompleteWorkModal';
import { Section } from './Section';
import { TabAddButton } from './TabAddButton';
import { TabEmpty } from './TabEmpty';
import type { TreeTabProps } from './tabProps';

/** Action Required: the safety the works give the tree, and the works, open ones first. */
export function ActionsTab({ projectId, tree, perms, settings, lists, onChanged }: TreeTabProps) {
  const { t } = useTranslation();
  const actions = useActions(projectId, tree.id);
  const complete = useCompleteAction(projectId, tree.id);
  const remove = useDeleteAction(projectId, tree.id);
  const [editing, setEditing] = useState<Action | null | undefined>(undefined);
  const [completing, setCompleting] = useState<Action | null>(null);

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

  /** Asks before a work is reopened or deleted (deleting in red). */
  const ask = (kind: 'reopen' | 'delete', a: Action, onConfirm: () => void) =>
    modals.openConfirmModal({
      title: t(`trees.works.${kind}Title`),
      centered: true,
      children: <Text size="sm">{t(`trees.works.${kind}Text`, { name: a.action })}</Text>,
      labels: { confirm: t(`trees.works.${kind}`), cancel: t('common.cancel') },
      confirmProps: { ...(kind === 'delete' && { color: 'red' }), 'data-testid': `action-${kind}-confirm` } as never,
      onConfirm,
    });
  const reopen = (a: Action) =>
    ask('reopen', a, () =>
      complete.mutate(
        { id: a.id, version: a.version, reopen: true },
        { onSuccess: () => changed(t('trees.works.reopened')), onError: fail },
      ),
    );
  const del = (a: Action) =>
    ask('delete', a, () =>
      remove.mutate(a.id, { onSuccess: () => changed(t('trees.works.deleted', { name: a.action })), onError: fail }),
    );

  const open = actions.data?.filter((a) => !a.execute_timestamp) ?? [];
  const done = actions.data?.filter((a) => a.execute_timestamp) ?? [];

  const workCard = (a: Action) => (
    <WorkCard
      key={a.id}
      a={a}
      perms={perms}
      onEdit={() => setEditing(a)}
      onComplete={() => setCompleting(a)}
      onReopen={() => reopen(a)}
      onDelete={() => del(a)}
    />
  );

  return (
    <Stack gap="lg" pb="md" data-testid="tree-actions">
      <SafetyCard tree={tree} open={open} loaded={!!actions.data} />

      <Section title={t('trees.works.open', { count: open.length })}>
        {perms.works && (
          <TabAddButton label={t('trees.works.add')} onClick={() => setEditing(null)} testId="action-new" />
        )}
        {actions.isLoading && <Loader size="sm" />}
        {actions.data && open.length === 0 && (
          <TabEmpty
            icon={IconShieldCheck}
            color="green"
            title={t('trees.works.emptyTitle')}
            text={t('trees.works.emptyText')}
            testId="actions-empty"
          />
        )}
        {open.map(workCard)}
      </Section>

      {done.length > 0 && (
        <Section title={t('trees.works.doneTitle', { count: done.length })}>{done.map(workCard)}</Section>
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

      <CompleteWorkModal
        projectId={projectId}
        treeId={tree.id}
        work={completing}
        lists={lists}
        onClose={() => setCompleting(null)}
        onCompleted={() => {
          setCompleting(null);
          changed(t('trees.works.completed'));
        }}
      />
    </Stack>
  );
}
