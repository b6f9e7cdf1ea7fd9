import { Badge, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey, IconKeyOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MutationConfirm, useConfirmTarget } from '@/components/MutationConfirm';
import { SettingsSection } from '@/components/SettingsSection';
import { AddRowButton, EmptyRows, ListRow, LoadedRowList, RemoveRowButton, RowText } from '@/components/RowList';
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

  return (
    <SettingsSection title={t('apikeys.heading')} text={t('apikeys.text')} testId="api-keys">
      <Stack gap="md">
        <LoadedRowList
          loading={keys.isPending}
          items={keys.data ?? []}
          rowHeight={48}
          empty={
            <EmptyRows icon={IconKey} testId="api-keys-empty">
              {t('apikeys.empty')}
            </EmptyRows>
          }
          testId="api-key-list"
          row={(k, first) => (
            <ListRow key={k.id} first={first} testId="api-key-row" data-name={k.name}>
              <RowText
                name={k.name}
                badges={
                  <>
                    <Badge variant="light" color="gray" radius="sm" ff="monospace" tt="none">
                      {k.prefix}…
                    </Badge>
                    {k.revoked_at && (
                      <Badge variant="light" color="red" radius="sm" data-testid="api-key-revoked">
                        {t('apikeys.revokedBadge')}
                      </Badge>
                    )}
                  </>
                }
              >
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {k.projects.map(projectName).join(', ')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('apikeys.created', { date: when(k.created_at), name: k.created_by || '—' })}
                  {' · '}
                  {k.last_used_at ? t('apikeys.lastUsed', { date: when(k.last_used_at) }) : t('apikeys.neverUsed')}
                </Text>
              </RowText>
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
          )}
        />
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
