import { useState } from 'react';
import { Alert, Button, Group, List, Modal, SegmentedControl, Select, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInfoCircle, IconMap2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { exportGis, fileName, saveBlob, type ExportFilter, type GisFormat } from '@/api/exports/exports';
import { fileOrTask, type Task } from '../api/task';
import { ApiError } from '@/lib/api';

/** The reference systems offered, by EPSG code, with their names (German surveying's among them). */
export const EPSG_CODES: { code: number; name: string }[] = [
  { code: 4326, name: 'WGS 84' },
  { code: 3857, name: 'WGS 84 / Pseudo-Mercator' },
  { code: 25832, name: 'ETRS89 / UTM zone 32N' },
  { code: 25833, name: 'ETRS89 / UTM zone 33N' },
  { code: 31466, name: 'DHDN / Gauss-Krüger zone 2' },
  { code: 31467, name: 'DHDN / Gauss-Krüger zone 3' },
  { code: 31468, name: 'DHDN / Gauss-Krüger zone 4' },
  { code: 31469, name: 'DHDN / Gauss-Krüger zone 5' },
];

/**
 * The GIS export modal: the view or selection as a GeoPackage, GeoJSON or CSV with WKT, in a
 * chosen reference system. A big one is made by the queue: onQueued follows its task.
 */
export function GisExportModal({
  projectId,
  projectName,
  filter,
  count,
  selection,
  opened,
  onClose,
  onQueued,
}: {
  projectId: string;
  projectName: string;
  filter: ExportFilter;
  count: number;
  selection: boolean;
  opened: boolean;
  onClose: () => void;
  onQueued: (task: Task) => void;
}) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<GisFormat>('gpkg');
  const [srid, setSrid] = useState('4326');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const got = await fileOrTask(await exportGis(projectId, { filter, format, srid: Number(srid) }));
      if (got instanceof Blob) saveBlob(got, fileName(projectName, format));
      else onQueued(got);
      close();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('exports.gis.title')} size="lg" data-testid="gis-modal">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md">
            <IconMap2 size={20} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={600} data-testid="gis-scope">
              {selection ? t('exports.gis.scopeSelection', { count }) : t('exports.gis.scopeView', { count })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('exports.gis.intro')}
            </Text>
          </Stack>
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('exports.gis.format')}
          </Text>
          <SegmentedControl
            fullWidth
            value={format}
            onChange={(v) => setFormat(v as GisFormat)}
            data={[
              { value: 'gpkg', label: 'GeoPackage' },
              { value: 'geojson', label: 'GeoJSON' },
              { value: 'csv', label: t('exports.gis.csv') },
            ]}
            data-testid="gis-format"
          />
        </Stack>
        <Select
          label={t('exports.gis.srs')}
          description={t('exports.gis.srsHint')}
          value={srid}
          onChange={(v) => v && setSrid(v)}
          allowDeselect={false}
          data={EPSG_CODES.map((c) => ({ value: String(c.code), label: `EPSG:${c.code} · ${c.name}` }))}
          comboboxProps={{ withinPortal: true }}
          data-testid="gis-srid"
        />
        <List size="sm" spacing={4}>
          <List.Item>{t('exports.gis.fields')}</List.Item>
          <List.Item>{t('exports.gis.link')}</List.Item>
        </List>
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={16} />}>
          {t('exports.gis.note')}
        </Alert>
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="modal-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            leftSection={<IconMap2 size={16} />}
            loading={busy}
            onClick={() => void run()}
            data-testid="gis-download"
          >
            {t('exports.gis.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
