import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconDots, IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useCreateFilter, useDeleteFilter, useSavedFilters, useUpdateFilter, type SavedFilter } from '../api/filters';
import type { Filter } from '../filter';
import { ModalActions } from '@/components/ModalActions';

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
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size={30} aria-label={t('data.saved.more')} data-testid="filter-menu">
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconDeviceFloppy size={14} />}
              onClick={() => setSaving('new')}
              data-testid="filter-save-as"
            >
              {t('data.saved.saveAs')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconPencil size={14} />}
              disabled={!canEdit}
              onClick={() => setSaving('rename')}
              data-testid="filter-rename"
            >
              {t('data.saved.rename')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconShare size={14} />}
              disabled={!loaded || !canShare}
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
              onClick={doDelete}
              data-testid="filter-delete"
            >
              {t('data.saved.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {loaded && (
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
      )}
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

function SaveFilterModal({
  projectId,
  mode,
  manager,
  filter,
  loaded,
  onClose,
  onSaved,
}: {
  projectId: string;
  mode: 'new' | 'rename' | null;
  manager: boolean;
  filter: Filter;
  loaded: SavedFilter | null;
  onClose: () => void;
  onSaved: (f: SavedFilter) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateFilter(projectId);
  const update = useUpdateFilter(projectId);
  const renaming = mode === 'rename' && !!loaded;
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: renaming ? loaded.name : '',
      project_wide: renaming ? loaded.project_wide : false,
    },
    validate: { name: (v) => (v.trim() ? null : t('data.saved.nameRequired')) },
  });
  const pending = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const submit = form.onSubmit(({ name, project_wide }) => {
    const done = {
      onSuccess: (f: SavedFilter | void) => f && onSaved(f),
      onError: (e: Error) => {
        if (e instanceof ApiError && e.fields.name) form.setErrors({ name: e.message });
      },
    };
    if (renaming)
      update.mutate({ id: loaded.id, version: loaded.version, name: name.trim(), filter, project_wide }, done);
    else create.mutate({ name: name.trim(), filter, project_wide }, done);
  });
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      title={<Text fw={650}>{renaming ? t('data.saved.renameTitle') : t('data.saved.saveTitle')}</Text>}
      centered
    >
      <form onSubmit={submit} noValidate data-testid="filter-save-form">
        <Stack gap="md">
          <TextInput
            label={t('data.saved.name')}
            required
            data-autofocus
            name="filterName"
            maxLength={200}
            {...form.getInputProps('name')}
          />
          {manager && (
            <Checkbox
              label={t('data.saved.projectWideLabel')}
              description={t('data.saved.projectWideHelp')}
              data-testid="filter-project-wide"
              {...form.getInputProps('project_wide', { type: 'checkbox' })}
            />
          )}
          {error instanceof ApiError && !error.fields.name && (
            <Alert color="red" variant="light" role="alert">
              {error.message}
            </Alert>
          )}
          <ModalActions
            onCancel={onClose}
            loading={pending}
            submit={t('data.saved.save')}
            submitTestId="filter-save-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
