import { ActionIcon, Menu } from '@mantine/core';
import { IconDeviceFloppy, IconDots, IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

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
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size={30} aria-label={t('data.saved.more')} data-testid="filter-menu">
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconDeviceFloppy size={14} />} onClick={onSaveAs} data-testid="filter-save-as">
          {t('data.saved.saveAs')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconPencil size={14} />}
          disabled={!canEdit}
          onClick={onRename}
          data-testid="filter-rename"
        >
          {t('data.saved.rename')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconShare size={14} />}
          disabled={!canShare}
          onClick={onShare}
          data-testid="filter-share"
        >
          {t('data.share.action')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} />}
          disabled={!canEdit}
          onClick={onDelete}
          data-testid="filter-delete"
        >
          {t('data.saved.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
