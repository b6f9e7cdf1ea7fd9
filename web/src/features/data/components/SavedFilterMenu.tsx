import { ActionIcon, Menu } from '@mantine/core';
import { IconDeviceFloppy, IconDots, IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MenuEntries, type MenuEntry } from './MenuEntries';

/** The "more" menu of the saved filters: save as, rename, share, delete. */
export function SavedFilterMenu({
  canEdit,
  canShare,
  onSaveAs,
  onRename,
  onShare,
  onDelete,
}: {
  /** The loaded filter may be renamed and deleted by this person. */
  canEdit: boolean;
  /** A filter is loaded and this person may share it. */
  canShare: boolean;
  onSaveAs: () => void;
  onRename: () => void;
  onShare: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const entries: MenuEntry[] = [
    { icon: IconDeviceFloppy, label: t('data.saved.saveAs'), testId: 'filter-save-as', onClick: onSaveAs },
    { icon: IconPencil, label: t('data.saved.rename'), testId: 'filter-rename', onClick: onRename, disabled: !canEdit },
    { icon: IconShare, label: t('data.share.action'), testId: 'filter-share', onClick: onShare, disabled: !canShare },
  ];
  const remove: MenuEntry = {
    icon: IconTrash,
    label: t('data.saved.delete'),
    testId: 'filter-delete',
    onClick: onDelete,
    disabled: !canEdit,
    color: 'red',
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size={30} aria-label={t('data.saved.more')} data-testid="filter-menu">
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <MenuEntries entries={entries} />
        <Menu.Divider />
        <MenuEntries entries={[remove]} />
      </Menu.Dropdown>
    </Menu>
  );
}
