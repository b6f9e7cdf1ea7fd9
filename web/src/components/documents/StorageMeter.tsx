import { Alert, Group, Paper, Progress, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconDatabase } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes, useDataSpace } from '@/api/documents/documents';

/** The organisation's storage for photos and documents: how much is in use, a warning when full. */
export function StorageMeter({ organisationId, bare }: { organisationId: string; bare?: boolean }) {
  const { t, i18n } = useTranslation();
  const space = useDataSpace(organisationId);
  const s = space.data;
  if (space.isLoading) return <Skeleton h={92} radius="md" />;
  if (!s) return null;
  const pct = Math.min(100, s.data_space_percent_in_use);
  const color = pct >= 100 ? 'red' : pct >= 90 ? 'orange' : 'arbor';
  const max = s.data_space_mb_max * 1024 * 1024;
  return (
    <Paper
      withBorder={!bare}
      radius="md"
      p={bare ? 0 : 'md'}
      bg={bare ? 'transparent' : undefined}
      data-testid="storage-meter"
      data-percent={s.data_space_percent_in_use.toFixed(4)}
      data-bytes={s.data_space_bytes_used}
    >
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={color} radius="md" size={36}>
            <IconDatabase size={20} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} size="sm">
              {t('documents.storage.title')}
            </Text>
            <Text size="xs" c="dimmed" data-testid="storage-used">
              {t('documents.storage.used', {
                used: formatBytes(s.data_space_bytes_used, i18n.language),
                max: formatBytes(max, i18n.language),
                percent: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: pct < 1 ? 2 : 0 }).format(
                  s.data_space_percent_in_use,
                ),
              })}
            </Text>
          </Stack>
        </Group>
        <Progress
          value={Math.max(pct, s.data_space_bytes_used > 0 ? 0.5 : 0)}
          color={color}
          size="md"
          radius="xl"
          aria-label={t('documents.storage.title')}
        />
        {pct >= 100 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" data-testid="storage-full">
            {t('documents.storage.full')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
