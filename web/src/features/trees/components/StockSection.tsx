import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconArchiveOff, IconArrowBackUp, IconAxe, IconCheck, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useArchiveTree } from '../api/archiveTrees';
import { useDeleteTree } from '../api/deleteTree';
import { useFellTree } from '../api/fellTree';
import type { Tree } from '@/api/trees/types';
import { stockState, type TreePermissions } from '@/lib/trees/tree';
import { formatDate, todayISO } from '@/lib/trees/format';
import { Section } from './Section';
import { StockModal } from './stock/StockModal';
import { PastDayInput } from './PastDayInput';

const STATE_COLORS = { stock: 'green', felled: 'orange', archived: 'gray' } as const;

function errorText(e: unknown, fallback: string) {
  return e instanceof ApiError ? e.message : fallback;
}

/** A button of the stock actions: small, light unless said otherwise, with its icon. */
function StockButton({
  icon: Icon,
  color,
  variant = 'light',
  onClick,
  testId,
  children,
}: {
  icon: typeof IconAxe;
  color?: string;
  variant?: 'light' | 'subtle';
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      size="xs"
      variant={variant}
      color={color}
      leftSection={<Icon size={14} />}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** Stock state (docs/PRODUCT.md §4) with the modals fell tree, undo felling, archive or activate, and delete. */
export function StockSection({
  projectId,
  tree,
  perms,
  onChanged,
  onDeleted,
}: {
  projectId: string;
  tree: Tree;
  perms: TreePermissions;
  onChanged?: () => void;
  onDeleted?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const state = stockState(tree);
  const [modal, setModal] = useState<'fell' | 'unfell' | 'archive' | null>(null);
  const [cutDate, setCutDate] = useState(todayISO());
  const [error, setError] = useState<string | null>(null);
  const fell = useFellTree(projectId);
  const archive = useArchiveTree(projectId);
  const remove = useDeleteTree(projectId);
  const kind = tree.single_tree ? 'tree' : 'group';

  const open = (m: typeof modal) => {
    setError(null);
    setCutDate(todayISO());
    setModal(m);
  };
  /** What the three modals share: which one is open, closing, its test id, the refusal. */
  const modalOf = (m: NonNullable<typeof modal>) => ({
    opened: modal === m,
    onClose: () => setModal(null),
    testId: m,
    error,
  });
  const done = (message: string) => {
    setModal(null);
    notifications.show({ color: 'arbor', icon: <IconCheck size={18} />, message });
    onChanged?.();
  };

  const submitFell = (undo: boolean) => {
    if (!undo && !cutDate) {
      setError(t('trees.stock.cutDateRequired'));
      return;
    }
    fell.mutate(
      { id: tree.id, version: tree.version, cut_date: undo ? undefined : cutDate, undo },
      {
        onSuccess: () => done(undo ? t('trees.stock.unfelled') : t('trees.stock.felled')),
        onError: (e) => setError(errorText(e, t('errors.generic'))),
      },
    );
  };
  const submitArchive = () =>
    archive.mutate(
      { id: tree.id, archive: !tree.archive },
      {
        onSuccess: () => done(tree.archive ? t(`trees.stock.activated.${kind}`) : t(`trees.stock.archived.${kind}`)),
        onError: (e) => setError(errorText(e, t('errors.generic'))),
      },
    );
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t(`trees.stock.deleteTitle.${kind}`),
      centered: true,
      children: <Text size="sm">{t('trees.stock.deleteText')}</Text>,
      labels: { confirm: t('trees.stock.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'tree-delete-confirm' } as never,
      onConfirm: () =>
        remove.mutate(tree.id, {
          onSuccess: () => {
            notifications.show({ color: 'arbor', message: t(`trees.stock.deleted.${kind}`) });
            onChanged?.();
            onDeleted?.();
          },
          onError: (e) =>
            notifications.show({ color: 'red', message: errorText(e, t('errors.generic')), autoClose: 8000 }),
        }),
    });

  const inspected = !!tree.check_timestamp;
  return (
    <Section title={t('trees.stock.title')} testId="tree-stock">
      <Group gap="xs">
        <Badge color={STATE_COLORS[state]} variant="light" size="lg" data-testid="tree-stock-state" data-state={state}>
          {t(`trees.stock.state.${state}`)}
        </Badge>
        {tree.cut && tree.cut_date && (
          <Text size="sm" c="dimmed" data-testid="tree-cut-date">
            {t('trees.stock.cutOn', { date: formatDate(tree.cut_date, i18n.language) })}
          </Text>
        )}
        {tree.cut && tree.archive && (
          <Badge color="gray" variant="light">
            {t('trees.stock.state.archived')}
          </Badge>
        )}
      </Group>
      <Group gap="xs">
        {perms.fell && tree.single_tree && !tree.cut && (
          <StockButton icon={IconAxe} color="orange" onClick={() => open('fell')} testId="tree-fell">
            {t('trees.stock.fell')}
          </StockButton>
        )}
        {perms.fell && tree.cut && (
          <StockButton icon={IconArrowBackUp} onClick={() => open('unfell')} testId="tree-unfell">
            {t('trees.stock.unfell')}
          </StockButton>
        )}
        {perms.archive && (
          <StockButton
            icon={tree.archive ? IconArchiveOff : IconArchive}
            color="gray"
            onClick={() => open('archive')}
            testId="tree-archive"
          >
            {tree.archive ? t('trees.stock.activate') : t('trees.stock.archive')}
          </StockButton>
        )}
        {perms.edit && !inspected && (
          <StockButton icon={IconTrash} variant="subtle" color="red" onClick={confirmDelete} testId="tree-delete">
            {t('trees.stock.delete')}
          </StockButton>
        )}
      </Group>
      {perms.edit && inspected && (
        <Text size="xs" c="dimmed">
          {t('trees.stock.noDelete')}
        </Text>
      )}

      <StockModal
        {...modalOf('fell')}
        title={t('trees.stock.fellTitle')}
        confirm={{
          label: t('trees.stock.fell'),
          color: 'orange',
          loading: fell.isPending,
          onClick: () => submitFell(false),
        }}
      >
        <Text size="sm">{t('trees.stock.fellText')}</Text>
        <PastDayInput
          label={t('trees.stock.cutDate')}
          value={cutDate}
          onChange={setCutDate}
          required
          data-testid="fell-date"
          data-autofocus
        />
      </StockModal>

      <StockModal
        {...modalOf('unfell')}
        title={t('trees.stock.unfellTitle')}
        confirm={{ label: t('trees.stock.unfell'), loading: fell.isPending, onClick: () => submitFell(true) }}
        focusConfirm
      >
        <Text size="sm">{t('trees.stock.unfellText', { date: formatDate(tree.cut_date, i18n.language) })}</Text>
      </StockModal>

      <StockModal
        {...modalOf('archive')}
        title={tree.archive ? t(`trees.stock.activateTitle.${kind}`) : t(`trees.stock.archiveTitle.${kind}`)}
        confirm={{
          label: tree.archive ? t('trees.stock.activate') : t('trees.stock.archive'),
          loading: archive.isPending,
          onClick: submitArchive,
        }}
        focusConfirm
      >
        <Text size="sm">{tree.archive ? t('trees.stock.activateText') : t('trees.stock.archiveText')}</Text>
      </StockModal>
    </Section>
  );
}
