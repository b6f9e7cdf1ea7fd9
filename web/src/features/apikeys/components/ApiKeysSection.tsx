import { useState } from 'react';
import { Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey, IconKeyOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { ConfirmModal } from '@/components/ConfirmModal';
import { SettingsSection } from '@/components/SettingsSection';
import { AddRowButton, ListRow, ListSkeleton, RemoveRowButton, RowList } from '@/components/RowList';
import { useProjects } from '@/api/projects/getProjects';
import type { Organisation } from '@/api/organisations/types';
import { useApiKeys, useRevokeApiKey, type ApiKey } from '../api/apiKeys';
import { CreateApiKeyModal } from './CreateApiKeyModal';

/**
 * The organisation's API keys for GIS programs (administrators only): read-only, per project,
 * shown once when made, with their last use; revoked with a confirmation.
 */
export function ApiKeysSection({ organisation: o, editable }: { organisation: Organisation; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const keys = useApiKeys(o.id);
  const projects = useProjects(o.id);
  const revoke = useRevokeApiKey(o.id);
  const [creating, { open: openCreate, close: closeCreate }] = useDisclosure(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const projectName = (id: string) => projects.data?.find((p) => p.id === id)?.name ?? '…';
  const when = (at: string) => new Date(at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifications.show({ color: 'arbor', message: t('apikeys.revoked', { name: revoking.name }) });
        setRevoking(null);
      },
    });
  };

  const list = keys.data ?? [];
  return (
    <SettingsSection title={t('apikeys.heading')} text={t('apikeys.text')} testId="api-keys">
      <Stack gap="md">
        {keys.isPending ? (
          <ListSkeleton h={48} />
        ) : list.length === 0 ? (
          <Group gap="sm" wrap="nowrap" py="sm" data-testid="api-keys-empty">
            <ThemeIcon variant="light" color="gray" size={36} radius="xl">
              <IconKey size={18} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              {t('apikeys.empty')}
            </Text>
          </Group>
        ) : (
          <RowList testId="api-key-list">
            {list.map((k, i) => (
              <ListRow key={k.id} first={i === 0} testId="api-key-row" data-name={k.name}>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={8} wrap="wrap">
                    <Text size="sm" fw={600} truncate>
                      {k.name}
                    </Text>
                    <Badge variant="light" color="gray" radius="sm" ff="monospace" tt="none">
                      {k.prefix}…
                    </Badge>
                    {k.revoked_at && (
                      <Badge variant="light" color="red" radius="sm" data-testid="api-key-revoked">
                        {t('apikeys.revokedBadge')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {k.projects.map(projectName).join(', ')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('apikeys.created', { date: when(k.created_at), name: k.created_by || '—' })}
                    {' · '}
                    {k.last_used_at ? t('apikeys.lastUsed', { date: when(k.last_used_at) }) : t('apikeys.neverUsed')}
                  </Text>
                </Stack>
                {editable && !k.revoked_at && (
                  <RemoveRowButton
                    label={t('apikeys.revoke')}
                    name={k.name}
                    icon={IconKeyOff}
                    onClick={() => {
                      revoke.reset();
                      setRevoking(k);
                    }}
                    testId="revoke-api-key"
                  />
                )}
              </ListRow>
            ))}
          </RowList>
        )}
        {editable && (
          <AddRowButton
            label={t('apikeys.create')}
            icon={IconPlus}
            onClick={openCreate}
            disabled={projects.isPending}
            testId="create-api-key"
          />
        )}
      </Stack>
      <CreateApiKeyModal organisation={o.id} projects={projects.data ?? []} opened={creating} onClose={closeCreate} />
      <ConfirmModal
        opened={!!revoking}
        onClose={() => setRevoking(null)}
        title={t('apikeys.revokeTitle')}
        confirmLabel={t('apikeys.revoke')}
        loading={revoke.isPending}
        error={revoke.error instanceof ApiError ? revoke.error.message : null}
        onConfirm={confirmRevoke}
        testId="revoke-api-key-modal"
      >
        {t('apikeys.revokeText', { name: revoking?.name ?? '' })}
      </ConfirmModal>
    </SettingsSection>
  );
}
