import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconChevronDown,
  IconLock,
  IconMap,
  IconPencil,
  IconPlus,
  IconStack2,
  IconWorld,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDeleteBasemap, useSaveBasemap, type Basemap, type ProjectSettings } from '@/api/projects/settings';
import { useProjectBackgroundMaps, type BackgroundMap } from '@/api/projects/backgroundMaps';
import { BASEMAP_PRESETS, defaultPreset, type BasemapPreset } from '@/api/projects/basemapPresets';
import type { Project } from '@/api/projects/types';
import { RowButton, RowButtons } from '@/components/RowButton';
import { isEditable } from './SettingsSection';
import { BasemapForm } from './BasemapForm';

/** Map settings: the project's basemaps; passwords stay on the server. */
export function BasemapsSection({ project, settings }: { project: Project; settings: ProjectSettings }) {
  const { t } = useTranslation();
  const editable = isEditable(project);
  // A basemap being edited, a new one (empty or from a preset), or none.
  const [editing, setEditing] = useState<Basemap | 'new' | BasemapPreset | null>(null);
  const remove = useDeleteBasemap(project.id);
  const save = useSaveBasemap(project.id);
  const basemaps = settings.basemaps ?? [];
  // The organisation's own background maps (docs/API.md "Background maps") not yet shown here.
  const own = useProjectBackgroundMaps(project.id, editable);
  const ownMaps = (own.data?.items ?? []).filter((m) => !basemaps.some((b) => b.background_map === m.id));

  const addOwn = (m: BackgroundMap) =>
    save.mutate(
      { type: 'hosted', background_map: m.id, name: m.name, url: '', layers: '', attribution: '', username: '' },
      {
        onSuccess: () =>
          notifications.show({
            color: 'arbor',
            icon: <IconCheck size={18} />,
            message: t('basemaps.ownAdded', { name: m.name }),
          }),
        onError: (e) => notifications.show({ color: 'red', message: e.message }),
      },
    );

  const confirmDelete = (b: Basemap) =>
    modals.openConfirmModal({
      title: t('basemaps.deleteTitle'),
      children: <Text size="sm">{t('basemaps.deleteText', { name: b.name })}</Text>,
      labels: { confirm: t('basemaps.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'basemap-delete-confirm' },
      onConfirm: () =>
        remove.mutate(b.id, {
          onSuccess: () =>
            notifications.show({ color: 'arbor', icon: <IconCheck size={18} />, message: t('basemaps.deleted') }),
        }),
    });

  return (
    <Card padding="xl" data-testid="basemaps-section" data-editable={editable}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text fw={700} fz="lg">
              {t('basemaps.title')}
            </Text>
            <Text size="sm" c="dimmed" mt={4} maw={620}>
              {t('basemaps.intro')}
            </Text>
          </div>
          {editable && (
            <Group gap="xs">
              {own.data?.addon && ownMaps.length > 0 && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button
                      variant="default"
                      leftSection={<IconStack2 size={16} />}
                      rightSection={<IconChevronDown size={14} />}
                      loading={save.isPending}
                      data-testid="basemap-own"
                    >
                      {t('basemaps.own')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {ownMaps.map((m) => (
                      <Menu.Item key={m.id} onClick={() => addOwn(m)} data-testid="basemap-own-item" data-name={m.name}>
                        <Text size="sm">{m.name}</Text>
                        <Text size="xs" c="dimmed">
                          {t(`basemaps.ownKind.${m.kind}`)} ·{' '}
                          {t('basemaps.ownZooms', { min: m.min_zoom, max: m.max_zoom })}
                        </Text>
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              )}
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    variant="default"
                    leftSection={<IconWorld size={16} />}
                    rightSection={<IconChevronDown size={14} />}
                    data-testid="basemap-preset"
                  >
                    {t('basemapPresets.add')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {BASEMAP_PRESETS.map((p) => (
                    <Menu.Item key={p.id} onClick={() => setEditing(p)} data-testid={`basemap-preset-${p.id}`}>
                      <Text size="sm">{t(p.nameKey)}</Text>
                      <Text size="xs" c="dimmed">
                        {p.attribution}
                      </Text>
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="basemap-add">
                {t('basemaps.add')}
              </Button>
            </Group>
          )}
        </Group>
        {!editable && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="read-only-notice">
            {project.terminated ? t('project.terminated') : t('project.readOnly')}
          </Alert>
        )}
        {basemaps.length === 0 ? (
          <Stack gap={4} align="center" py="lg" data-testid="basemaps-empty">
            <Text size="sm" c="dimmed">
              {t('basemaps.empty')}
            </Text>
            <Text size="sm" c="dimmed" data-testid="basemaps-default">
              {t('basemapPresets.default', { name: t(defaultPreset(null).nameKey) })}
            </Text>
          </Stack>
        ) : (
          <Stack gap="xs" data-testid="basemap-list">
            {basemaps.map((b) => (
              <Card key={b.id} withBorder padding="sm" radius="md" data-testid="basemap-row" data-name={b.name}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <IconMap size={20} stroke={1.6} style={{ flexShrink: 0 }} />
                    <div style={{ minWidth: 0 }}>
                      <Group gap={6} wrap="wrap">
                        <Text fw={600} size="sm">
                          {b.name}
                        </Text>
                        <Badge size="sm" variant="light" color={b.type === 'hosted' ? 'arbor' : 'blue'} radius="sm">
                          {b.type === 'hosted' ? t('basemaps.hosted') : b.type.toUpperCase()}
                        </Badge>
                        {b.has_password && (
                          <Badge
                            size="sm"
                            variant="light"
                            color="arbor"
                            radius="sm"
                            leftSection={<IconLock size={11} />}
                            data-testid="basemap-password-kept"
                          >
                            {t('basemaps.passwordKept')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed" truncate="end" maw={520}>
                        {b.attribution ? `${b.attribution} · ` : ''}
                        {b.type === 'hosted'
                          ? t(`basemaps.ownKind.${b.layers === 'vector' ? 'vector' : 'raster'}`)
                          : b.url}
                        {b.layers && b.type !== 'hosted' ? ` · ${b.layers}` : ''}
                        {b.username ? ` · ${b.username}` : ''}
                      </Text>
                    </div>
                  </Group>
                  {editable && (
                    <RowButtons
                      gap={4}
                      remove={{
                        label: t('basemaps.delete'),
                        name: b.name,
                        onClick: () => confirmDelete(b),
                        testId: 'basemap-delete',
                      }}
                    >
                      {b.type !== 'hosted' && (
                        <RowButton
                          label={t('basemaps.edit')}
                          name={b.name}
                          icon={IconPencil}
                          onClick={() => setEditing(b)}
                          testId="basemap-edit"
                        />
                      )}
                    </RowButtons>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing !== null && editing !== 'new' && 'version' in editing ? t('basemaps.edit') : t('basemaps.add')}
        size="lg"
      >
        {editing !== null && (
          <BasemapForm
            project={project}
            basemap={editing !== 'new' && 'version' in editing ? editing : null}
            preset={editing !== 'new' && !('version' in editing) ? editing : null}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Card>
  );
}
