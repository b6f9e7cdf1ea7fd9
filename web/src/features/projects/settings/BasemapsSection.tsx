import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconLock, IconMap, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDeleteBasemap, type Basemap, type ProjectSettings } from '@/api/projects/settings';
import type { Project } from '@/api/projects/types';
import { isEditable } from './SettingsSection';
import { BasemapForm } from './BasemapForm';

/** Map settings: the project's basemaps; passwords stay on the server. */
export function BasemapsSection({ project, settings }: { project: Project; settings: ProjectSettings }) {
  const { t } = useTranslation();
  const editable = isEditable(project);
  const [editing, setEditing] = useState<Basemap | 'new' | null>(null);
  const remove = useDeleteBasemap(project.id);
  const basemaps = settings.basemaps ?? [];

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
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="basemap-add">
              {t('basemaps.add')}
            </Button>
          )}
        </Group>
        {!editable && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="read-only-notice">
            {project.terminated ? t('project.terminated') : t('project.readOnly')}
          </Alert>
        )}
        {basemaps.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="basemaps-empty">
            {t('basemaps.empty')}
          </Text>
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
                        <Badge size="sm" variant="light" color="blue" radius="sm">
                          {b.type.toUpperCase()}
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
                        {b.url}
                        {b.layers ? ` · ${b.layers}` : ''}
                        {b.username ? ` · ${b.username}` : ''}
                      </Text>
                    </div>
                  </Group>
                  {editable && (
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('basemaps.edit')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('basemaps.edit')}
                          onClick={() => setEditing(b)}
                          data-testid="basemap-edit"
                        >
                          <IconPencil size={17} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('basemaps.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('basemaps.delete')}
                          onClick={() => confirmDelete(b)}
                          data-testid="basemap-delete"
                        >
                          <IconTrash size={17} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
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
        title={editing === 'new' ? t('basemaps.add') : t('basemaps.edit')}
        size="lg"
      >
        {editing !== null && (
          <BasemapForm project={project} basemap={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Card>
  );
}
