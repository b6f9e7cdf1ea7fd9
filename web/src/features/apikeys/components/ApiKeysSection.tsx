import { Badge, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey, IconKeyOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MutationConfirm, useConfirmTarget } from '@/components/MutationConfirm';
import { SettingsSection } from '@/components/SettingsSection';
import { AddRowButton, EmptyRows, ListRow, ListSkeleton, RemoveRowButton, RowList } from '@/components/RowList';
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
  const revoking = useConfirmTarget(
    revoke,
    (k: ApiKey) => k.id,
    (k) => t('apikeys.revoked', { name: k.name }),
  );
  const projectName = (id: string) => projects.data?.find((p) => p.id === id)?.name ?? '…';
  const when = (at: string) => new Date(at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const list = keys.data ?? [];
  return (
    <SettingsSection title={t('apikeys.heading')} text={t('apikeys.text')} testId="api-keys">
      <Stack gap="md">
        {keys.isPending ? (
          <ListSkeleton h={48} />
        ) : list.length === 0 ? (
          <EmptyRows icon={IconKey} testId="api-keys-empty">
            {t('apikeys.empty')}
          </EmptyRows>
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
                    onClick={() => revoking.ask(k)}
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
      <MutationConfirm
        {...revoking.confirm}
        title={t('apikeys.revokeTitle')}
        confirmLabel={t('apikeys.revoke')}
        testId="revoke-api-key-modal"
      >
        {t('apikeys.revokeText', { name: revoking.target?.name ?? '' })}
      </MutationConfirm>
    </SettingsSection>
  );
}
