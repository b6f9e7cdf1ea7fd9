import { useState } from 'react';
import { Badge, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EXPORTS_PAGE, useExportRecords } from '../api/getExportRecords';

/** What left the organisation as files — who exported what of which project, when — newest first. */
export function ExportRecordsList({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const records = useExportRecords(organisationId, (page - 1) * EXPORTS_PAGE);
  if (records.isLoading) return <Skeleton h={80} radius="md" />;
  const list = records.data?.items ?? [];
  const total = records.data?.total ?? 0;
  if (!list.length)
    return (
      <Group gap="sm" c="dimmed" data-testid="export-records-empty">
        <IconFileExport size={20} stroke={1.5} />
        <Text size="sm">{t('exportRecords.empty')}</Text>
      </Group>
    );
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="sm">
      <Stack gap={0} data-testid="export-records">
        {list.map((r, i) => (
          <Group
            key={r.id}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="md"
            py="xs"
            style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            data-testid="export-record"
            data-kind={r.kind}
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600}>
                  {t(`exportRecords.kinds.${r.kind}`, { defaultValue: r.kind })}
                </Text>
                <Badge size="xs" variant="light" color="gray">
                  {r.format.toUpperCase()}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[r.project_name, r.username, when.format(new Date(r.created_at))].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('exportRecords.objectCount', { count: r.objects, formatted: count.format(r.objects) })}
            </Text>
          </Group>
        ))}
      </Stack>
      {total > EXPORTS_PAGE && (
        <Group justify="flex-end">
          <Pagination
            total={Math.ceil(total / EXPORTS_PAGE)}
            value={page}
            onChange={setPage}
            size="sm"
            data-testid="export-records-pages"
            getControlProps={(control) => ({ 'aria-label': t(`lists.page.${control}`) })}
          />
        </Group>
      )}
    </Stack>
  );
}
