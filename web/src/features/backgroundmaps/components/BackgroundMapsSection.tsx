import { useState } from 'react';
import { Alert, Anchor, Badge, Button, FileButton, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useInputState } from '@mantine/hooks';
import { IconMap, IconMapOff, IconLock, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { MutationConfirm, useConfirmTarget } from '@/components/MutationConfirm';
import { SettingsSection } from '@/components/SettingsSection';
import { EmptyRows, ListRow, LoadedRowList, RemoveRowButton, RowText } from '@/components/RowList';
import { formatBytes } from '@/api/documents/documents';
import type { BackgroundMap } from '@/api/projects/backgroundMaps';
import type { Organisation } from '@/api/organisations/types';
import { useBackgroundMaps, useDeleteBackgroundMap, useUploadBackgroundMap } from '../api/backgroundMaps';

/**
 * The organisation's own background maps (administrators; the add-on "background data"): upload a
 * PMTiles or MBTiles archive with its progress, see what is kept, delete with a confirmation.
 * Projects then offer them in their map settings.
 */
export function BackgroundMapsSection({
  organisation: o,
  editable,
}: {
  organisation: Organisation;
  editable: boolean;
}) {
  const { t, i18n } = useTranslation();
  const maps = useBackgroundMaps(o.id);
  const upload = useUploadBackgroundMap(o.id);
  const remove = useDeleteBackgroundMap(o.id);
  const [name, setName] = useInputState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const deleting = useConfirmTarget(remove, (m: BackgroundMap) => m.id);
  const when = (at: string) => new Date(at).toLocaleDateString(i18n.language, { dateStyle: 'medium' });

  const send = (file: File | null) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    upload.mutate(
      { file, name, onProgress: setProgress },
      {
        onSuccess: () => setName(''),
        onError: (e) => setError(`${file.name}: ${e instanceof ApiError ? e.message : t('documents.uploadFailed')}`),
        onSettled: () => setProgress(null),
      },
    );
  };

  const addon = maps.data?.addon ?? true;
  return (
    <SettingsSection title={t('backgroundMaps.heading')} text={t('backgroundMaps.text')} testId="background-maps">
      <Stack gap="md">
        {!addon && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="background-maps-addon">
            <Text size="sm">{t('backgroundMaps.addonNeeded')}</Text>
            <Anchor component={Link} to={`/organisations/${o.id}/packages`} size="sm" fw={600}>
              {t('backgroundMaps.toPackages')}
            </Anchor>
          </Alert>
        )}
        <LoadedRowList
          loading={maps.isPending}
          items={maps.data?.items ?? []}
          rowHeight={56}
          empty={
            <EmptyRows icon={IconMap} testId="background-maps-empty">
              {t('backgroundMaps.empty')}
            </EmptyRows>
          }
          testId="background-map-list"
          row={(m, first) => (
            <ListRow key={m.id} first={first} testId="background-map-row" data-name={m.name}>
              <RowText
                name={m.name}
                badges={
                  <>
                    <Badge variant="light" color={m.kind === 'vector' ? 'blue' : 'arbor'} radius="sm">
                      {t(`backgroundMaps.kind.${m.kind}`)}
                    </Badge>
                    <Badge variant="light" color="gray" radius="sm" tt="uppercase">
                      {m.format}
                    </Badge>
                  </>
                }
              >
                <Text size="xs" c="dimmed">
                  {t('backgroundMaps.zooms', { min: m.min_zoom, max: m.max_zoom })}
                  {' · '}
                  {formatBytes(m.size, i18n.language)}
                  {m.source === 'mbtiles' && ` · ${t('backgroundMaps.converted')}`}
                  {' · '}
                  {t('backgroundMaps.usedIn', { count: m.projects })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('backgroundMaps.uploaded', { date: when(m.created_at), name: m.username || '—' })}
                </Text>
              </RowText>
              {editable && (
                <RemoveRowButton
                  label={t('backgroundMaps.delete')}
                  name={m.name}
                  icon={IconMapOff}
                  onClick={() => deleting.ask(m)}
                  testId="delete-background-map"
                />
              )}
            </ListRow>
          )}
        />
        {editable && addon && (
          <Stack gap="xs">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label={t('backgroundMaps.name')}
                placeholder={t('backgroundMaps.namePlaceholder')}
                value={name}
                onChange={setName}
                disabled={upload.isPending}
                style={{ flex: '1 1 220px' }}
                data-testid="background-map-name"
              />
              <FileButton onChange={send} accept=".pmtiles,.mbtiles">
                {(props) => (
                  <Button
                    {...props}
                    leftSection={<IconUpload size={16} />}
                    loading={upload.isPending}
                    variant="light"
                    data-testid="upload-background-map"
                  >
                    {t('backgroundMaps.upload')}
                  </Button>
                )}
              </FileButton>
            </Group>
            <Text size="xs" c="dimmed">
              {t('backgroundMaps.formats')}
            </Text>
            {progress !== null && (
              <Stack gap={4} data-testid="background-map-progress">
                <Progress
                  value={Math.round(progress * 100)}
                  animated={progress >= 1}
                  aria-label={t('backgroundMaps.uploading')}
                />
                <Text size="xs" c="dimmed">
                  {progress >= 1
                    ? t('backgroundMaps.checking')
                    : t('backgroundMaps.uploadingPercent', { percent: Math.round(progress * 100) })}
                </Text>
              </Stack>
            )}
            {error && (
              <Alert
                color="red"
                variant="light"
                role="alert"
                withCloseButton
                onClose={() => setError(null)}
                data-testid="background-map-error"
              >
                {error}
              </Alert>
            )}
          </Stack>
        )}
      </Stack>
      <MutationConfirm
        {...deleting.confirm}
        title={t('backgroundMaps.deleteTitle')}
        confirmLabel={t('backgroundMaps.delete')}
        testId="delete-background-map-modal"
      >
        {t('backgroundMaps.deleteText', { name: deleting.target?.name ?? '', count: deleting.target?.projects ?? 0 })}
      </MutationConfirm>
    </SettingsSection>
  );
}
