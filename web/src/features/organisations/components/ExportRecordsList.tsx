import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PagedList, usePager } from '@/components/PagedList';
import { ListRow, RowList } from '@/components/RowList';
import { EXPORTS_PAGE, useExportRecords, type ExportRecord } from '../api/getExportRecords';

function ExportRecordRow({ r, first }: { r: ExportRecord; first: boolean }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ListRow first={first} align="flex-start" gap="md" py="xs" testId="export-record" data-kind={r.kind}>
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
        {t('exportRecords.objectCount', {
          count: r.objects,
          formatted: new Intl.NumberFormat(i18n.language).format(r.objects),
        })}
      </Text>
    </ListRow>
  );
}

/** What left the organisation as files — who exported what of which project, when — newest first. */
export function ExportRecordsList({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const { offset, pager } = usePager(EXPORTS_PAGE);
  const records = useExportRecords(organisationId, offset);
  return (
    <PagedList
      query={records}
      pager={pager}
      pagesTestId="export-records-pages"
      gap="sm"
      loading={<Skeleton h={80} radius="md" />}
      empty={
        <Group gap="sm" c="dimmed" data-testid="export-records-empty">
          <IconFileExport size={20} stroke={1.5} />
          <Text size="sm">{t('exportRecords.empty')}</Text>
        </Group>
      }
    >
      {(list) => (
        <RowList testId="export-records">
          {list.map((r, i) => (
            <ExportRecordRow key={r.id} r={r} first={i === 0} />
          ))}
        </RowList>
      )}
    </PagedList>
  );
}
