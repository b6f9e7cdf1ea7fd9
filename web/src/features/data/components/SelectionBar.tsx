import type { ReactNode, Ref } from 'react';
import { Badge, Button, Card, Group, Text, Tooltip } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconBriefcase, IconEdit, IconSelectAll, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PanelState } from '../filter';
import { ExportMenu, ViewMenu, type ExportMenuProps } from './SelectionMenus';

/** A button of the selection bar. It takes a ref (a prop since React 19), so a Tooltip can wrap it. */
function SelectionAction({
  icon: Icon,
  testId,
  children,
  ...props
}: {
  icon: typeof IconShare;
  testId: string;
  children: ReactNode;
  disabled?: boolean;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <Button size="xs" variant="default" leftSection={<Icon size={14} />} data-testid={testId} {...props}>
      {children}
    </Button>
  );
}

/** Archive the selection, or activate it again. */
function ArchiveAction({
  archive,
  disabled,
  onArchive,
}: {
  archive: boolean;
  disabled: boolean;
  onArchive: (archive: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectionAction
      icon={archive ? IconArchive : IconArchiveOff}
      disabled={disabled}
      onClick={() => onArchive(archive)}
      testId={archive ? 'action-archive' : 'action-activate'}
    >
      {archive ? t('data.archive.archive') : t('data.archive.activate')}
    </SelectionAction>
  );
}

export interface SelectionBarProps {
  /** Selected objects, and those the filter shows (null while counting). */
  count: number;
  total: number | null;
  selecting: boolean;
  /** What the person may do: mass edit and archive the view (manager), archive, share and export, add to a job. */
  may: { manager: boolean; archive: boolean; share: boolean; addToJob: boolean };
  /** The filter's stock state: which of archive and activate apply. */
  view: PanelState['state'];
  /** A saved filter is loaded: it can be shared. */
  shareable: boolean;
  /** The export menu: how the selection (or the view) and the project are taken away. */
  exports: Omit<ExportMenuProps, 'count' | 'total'>;
  onClear: () => void;
  onSelectAll: () => void;
  onMassEdit: () => void;
  onArchive: (archive: boolean) => void;
  onAddToJob: () => void;
  onShare: () => void;
  onArchiveView: (archive: boolean) => void;
}

/** The bar over the data table: the selection, and what can be done with it or with the whole view. */
export function SelectionBar({
  count,
  total,
  selecting,
  may,
  view,
  shareable,
  exports,
  onClear,
  onSelectAll,
  onMassEdit,
  onArchive,
  onAddToJob,
  onShare,
  onArchiveView,
}: SelectionBarProps) {
  const { t, i18n } = useTranslation();
  const fmt = new Intl.NumberFormat(i18n.language);
  const archivedView = view === 'archived';
  const mixedView = view === 'all';
  return (
    <Card
      padding="xs"
      radius="md"
      withBorder
      data-testid="selection-bar"
      data-count={count}
      bg={count ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Badge variant={count ? 'filled' : 'light'} radius="sm" data-testid="selection-count">
            {fmt.format(count)}
          </Badge>
          <Text size="sm">{count ? t('data.selection.count', { count }) : t('data.selection.none')}</Text>
          {count > 0 && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={onClear} data-testid="selection-clear">
              {t('data.selection.clear')}
            </Button>
          )}
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconSelectAll size={14} />}
            onClick={onSelectAll}
            loading={selecting}
            disabled={!total}
            data-testid="select-all"
          >
            {t('data.selection.all')}
          </Button>
        </Group>
        <Group gap="xs">
          {may.manager && (
            <SelectionAction icon={IconEdit} disabled={!count} onClick={onMassEdit} testId="action-mass-edit">
              {t('data.mass.action')}
            </SelectionAction>
          )}
          {/* Archive what is active, activate what is archived: a mixed view offers both. */}
          {may.archive && (!archivedView || mixedView) && (
            <ArchiveAction archive disabled={!count} onArchive={onArchive} />
          )}
          {may.archive && (archivedView || mixedView) && (
            <ArchiveAction archive={false} disabled={!count} onArchive={onArchive} />
          )}
          {may.addToJob && may.manager && (
            <SelectionAction icon={IconBriefcase} onClick={onAddToJob} testId="action-add-to-job">
              {t('data.selection.addToJob')}
            </SelectionAction>
          )}
          {may.share && (
            <Tooltip label={shareable ? t('data.share.action') : t('data.share.saveFirst')}>
              <SelectionAction icon={IconShare} disabled={!shareable} onClick={onShare} testId="action-share">
                {t('data.share.action')}
              </SelectionAction>
            </Tooltip>
          )}
          {may.share && <ExportMenu count={count} total={total} {...exports} />}
          {may.manager && (
            <ViewMenu total={total} archivedView={archivedView} mixedView={mixedView} onArchiveView={onArchiveView} />
          )}
        </Group>
      </Group>
    </Card>
  );
}
