import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useDeleteFilter, useSavedFilters, useUpdateFilter, type SavedFilter } from '../api/filters';
import type { Filter } from '../filter';
import { SaveFilterModal } from './SaveFilterModal';
import { SavedFilterMenu } from './SavedFilterMenu';

interface Props {
  projectId: string;
  manager: boolean;
  /** Readers save their own filters but do not share (docs/PRODUCT.md §6). */
  canShare: boolean;
  filter: Filter;
  loaded: SavedFilter | null;
  modified: boolean;
  onLoad: (f: SavedFilter | null) => void;
  onShare: () => void;
}

/** Saved filters: choose one, save the panel's filter, update, delete, share. */
export function SavedFilters({ projectId, manager, canShare, filter, loaded, modified, onLoad, onShare }: Props) {
  const { t } = useTranslation();
  const list = useSavedFilters(projectId);
  const update = useUpdateFilter(projectId);
  const remove = useDeleteFilter(projectId);
  const [saving, setSaving] = useState<'new' | 'rename' | null>(null);
  const canEdit = !!loaded && (loaded.mine || (loaded.project_wide && manager));

  const items = list.data ?? [];
  const group = (label: string, pick: (f: SavedFilter) => boolean) => ({
    group: label,
    items: items.filter(pick).map((f) => ({ value: f.id, label: f.name })),
  });
  const data = [
    group(t('data.saved.mine'), (f) => f.mine && !f.project_wide),
    group(t('data.saved.projectWide'), (f) => f.project_wide),
    group(t('data.saved.shared'), (f) => !f.mine && !f.project_wide),
  ].filter((g) => g.items.length);

  const failed = (e: unknown) =>
    notifications.show({ color: 'red', message: e instanceof ApiError ? e.message : t('errors.generic') });

  const doUpdate = () => {
    if (!loaded) return;
    update.mutate(
      { id: loaded.id, version: loaded.version, name: loaded.name, filter, project_wide: loaded.project_wide },
      {
        onSuccess: (f) => {
          if (f) onLoad(f);
          notifications.show({ color: 'arbor', message: t('data.saved.updated', { name: loaded.name }) });
        },
        onError: failed,
      },
    );
  };

  const doDelete = () => {
    if (!loaded) return;
    modals.openConfirmModal({
      title: t('data.saved.deleteTitle'),
      children: <Text size="sm">{t('data.saved.deleteText', { name: loaded.name })}</Text>,
      labels: { confirm: t('data.saved.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'filter-delete-confirm' } as never,
      onConfirm: () =>
        remove.mutate(loaded.id, {
          onSuccess: () => {
            onLoad(null);
            notifications.show({ color: 'arbor', message: t('data.saved.deleted', { name: loaded.name }) });
          },
          onError: failed,
        }),
    });
  };

  return (
    <Stack gap={6} data-testid="saved-filters">
      <Group gap={6} wrap="nowrap" align="flex-end">
        <Select
          size="xs"
          style={{ flex: 1 }}
          label={t('data.saved.label')}
          placeholder={items.length ? t('data.saved.choose') : t('data.saved.none')}
          data={data}
          value={loaded?.id ?? null}
          onChange={(id) => onLoad(items.find((f) => f.id === id) ?? null)}
          clearable
          searchable
          disabled={!items.length && !loaded}
          data-testid="saved-filter-select"
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          size="xs"
          leftSection={<IconDeviceFloppy size={14} />}
          onClick={() => (loaded && canEdit && modified ? doUpdate() : setSaving('new'))}
          loading={update.isPending}
          data-testid="filter-save"
        >
          {loaded && canEdit && modified ? t('data.saved.update') : t('data.saved.save')}
        </Button>
        <SavedFilterMenu
          canEdit={canEdit}
          canShare={!!loaded && canShare}
          onSaveAs={() => setSaving('new')}
          onRename={() => setSaving('rename')}
          onShare={onShare}
          onDelete={doDelete}
        />
      </Group>
      {loaded && <SavedFilterBadges loaded={loaded} modified={modified} />}
      <SaveFilterModal
        key={`${saving}-${loaded?.id ?? ''}`}
        projectId={projectId}
        mode={saving}
        manager={manager}
        filter={filter}
        loaded={loaded}
        onClose={() => setSaving(null)}
        onSaved={(f) => {
          setSaving(null);
          onLoad(f);
          notifications.show({ color: 'arbor', message: t('data.saved.savedAs', { name: f.name }) });
        }}
      />
    </Stack>
  );
}

/** What the loaded filter is: the whole project's, someone else's, changed since it was loaded. */
function SavedFilterBadges({ loaded, modified }: { loaded: SavedFilter; modified: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      {loaded.project_wide && (
        <Badge size="xs" variant="light" color="blue">
          {t('data.saved.projectWideBadge')}
        </Badge>
      )}
      {!loaded.mine && loaded.owner_alias && (
        <Text size="xs" c="dimmed">
          {t('data.saved.by', { name: loaded.owner_alias })}
        </Text>
      )}
      {modified && (
        <Badge size="xs" variant="light" color="yellow" data-testid="filter-modified">
          {t('data.saved.modified')}
        </Badge>
      )}
    </Group>
  );
}
