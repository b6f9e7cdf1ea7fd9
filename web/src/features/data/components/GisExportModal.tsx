import { useState } from 'react';
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { exportGis, type ExportFilter, type GisFormat } from '@/api/exports/exports';
import { ExportModal } from '@/components/exports/ExportModal';
import { GERMAN_SURVEY_CRS, type ReferenceSystem } from '@/lib/referenceSystems';
import { fileOrTask, type Task } from '../api/task';

/** The reference systems offered, by EPSG code, with their names (German surveying's among them). */
export const EPSG_CODES: ReferenceSystem[] = [
  { srid: 4326, name: 'WGS 84' },
  { srid: 3857, name: 'WGS 84 / Pseudo-Mercator' },
  ...GERMAN_SURVEY_CRS,
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
  const make = async () => {
    const got = await fileOrTask(await exportGis(projectId, { filter, format, srid: Number(srid) }));
    if (got instanceof Blob) return got;
    onQueued(got);
    return null;
  };
  return (
    <ExportModal
      kind="gis"
      title={t('exports.gis.title')}
      icon={IconMap2}
      scope={selection ? t('exports.gis.scopeSelection', { count }) : t('exports.gis.scopeView', { count })}
      intro={t('exports.gis.intro')}
      contents={[t('exports.gis.fields'), t('exports.gis.link')]}
      note={t('exports.gis.note')}
      download={t('exports.gis.download')}
      make={make}
      file={{ name: projectName, extension: format }}
      opened={opened}
      onClose={onClose}
    >
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
        data={EPSG_CODES.map((c) => ({ value: String(c.srid), label: `EPSG:${c.srid} · ${c.name}` }))}
        comboboxProps={{ withinPortal: true }}
        data-testid="gis-srid"
      />
    </ExportModal>
  );
}
