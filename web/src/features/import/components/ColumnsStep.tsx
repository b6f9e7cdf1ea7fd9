import { Alert, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '@/components/ScrollTable';
import { FORMAT_NAMES, KNOWN_CRS, type ImportColumn, type ImportInspection, type ImportMatch } from '../api/types';
import { mappingGap, setTarget, SIZE_UNITS, TRUNK } from '../mapping';
import { LEAVE_OUT, targetOptions } from './targets';

export interface ColumnsStepProps {
  fileName: string;
  inspection: ImportInspection;
  mapping: ImportColumn[];
  onMapping: (m: ImportColumn[]) => void;
  srid: number | null;
  onSrid: (srid: number | null) => void;
  /** Read another of the file's layers (worksheet, GeoPackage layer, Shapefile of the zip). */
  onLayer: (layer: string) => void;
  /** A layer is being read. */
  reading?: boolean;
  custom?: Record<string, { alias?: string; active?: boolean }>;
  /** Whether rows that find an existing object update it, and by what. */
  match: ImportMatch;
  onMatch: (m: ImportMatch) => void;
}

/** Step 2: what each column becomes, and the coordinates' reference system. */
export function ColumnsStep({
  fileName,
  inspection: ins,
  mapping,
  onMapping,
  srid,
  onSrid,
  onLayer,
  reading = false,
  custom,
  match,
  onMatch,
}: ColumnsStepProps) {
  const { t, i18n } = useTranslation();
  // On a phone the first values go under the column's name, so the choice stays in view.
  const narrow = useMediaQuery('(max-width: 48em)');
  const options = targetOptions(t, custom);
  const suggested = new Set(ins.crs.map((c) => c.srid));
  const crsOptions = [
    ...ins.crs.map((c) => ({
      value: String(c.srid),
      label: `${c.name} · EPSG:${c.srid}`,
    })),
    ...KNOWN_CRS.filter((c) => !suggested.has(c.srid)).map((c) => ({
      value: String(c.srid),
      label: `${c.name} · EPSG:${c.srid}`,
    })),
  ];
  const known = srid === null || crsOptions.some((o) => o.value === String(srid));
  const gap = mappingGap(mapping, ins.geometry, match);
  const detected = [
    t('import.columns.detected', { format: FORMAT_NAMES[ins.format] ?? ins.format }),
    ins.detected.encoding && t('import.columns.encoding', { encoding: ins.detected.encoding }),
    ins.detected.delimiter &&
      t('import.columns.delimiter', { delimiter: ins.detected.delimiter === '\t' ? 'Tab' : ins.detected.delimiter }),
    (ins.layers?.length ?? 0) < 2 && ins.detected.sheet,
  ].filter(Boolean);
  const change = (i: number, part: Partial<ImportColumn>) =>
    onMapping(mapping.map((c, j) => (j === i ? { ...c, ...part } : c)));

  return (
    <Stack gap="md">
      <Text size="sm">{t('import.columns.intro', { file: fileName })}</Text>
      <Text size="xs" c="dimmed" data-testid="import-detected">
        {detected.join(' · ')}
      </Text>
      {ins.reused && (
        <Alert color="blue" variant="light" icon={<IconHistory size={18} />} py="xs" data-testid="import-reused">
          {t('import.columns.reused', {
            file: ins.reused.file_name,
            date: new Date(ins.reused.created_at).toLocaleDateString(i18n.language),
          })}
        </Alert>
      )}
      {(ins.layers?.length ?? 0) > 1 && (
        <Select
          label={t('import.columns.layer')}
          description={t('import.columns.layerHint', { count: ins.layers.length })}
          data={ins.layers}
          value={ins.detected.sheet ?? null}
          onChange={(v) => v && v !== ins.detected.sheet && onLayer(v)}
          allowDeselect={false}
          disabled={reading}
          maw={420}
          data-testid="import-layer"
        />
      )}
      <ScrollTable
        mah={360}
        striped
        stickyHeader
        verticalSpacing={6}
        miw={narrow ? undefined : 560}
        data-testid="import-columns"
        head={
          <>
            <Table.Th>{t('import.columns.column')}</Table.Th>
            {!narrow && <Table.Th>{t('import.columns.sample')}</Table.Th>}
            <Table.Th w={narrow ? '55%' : 260}>{t('import.columns.target')}</Table.Th>
          </>
        }
      >
        {ins.columns.map((name, i) => {
          const c = mapping[i] ?? { target: '' };
          const sample = ins.rows
            .slice(0, 3)
            .map((r) => r[i])
            .filter((v) => v && v.trim())
            .join(' · ');
          return (
            <Table.Tr key={name} data-testid="import-column">
              <Table.Td fw={500}>
                {name}
                {narrow && (
                  <Text size="xs" c="dimmed" lineClamp={1} fw={400}>
                    {sample}
                  </Text>
                )}
              </Table.Td>
              {!narrow && (
                <Table.Td>
                  <Text size="xs" c="dimmed" lineClamp={2} maw={220}>
                    {sample}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <Stack gap={4}>
                  <Select
                    size="xs"
                    aria-label={t('import.columns.target') + ': ' + name}
                    data={options}
                    value={c.target || LEAVE_OUT}
                    onChange={(v) => onMapping(setTarget(mapping, i, !v || v === LEAVE_OUT ? '' : v))}
                    searchable
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                    data-testid="import-target"
                  />
                  {SIZE_UNITS[c.target] && (
                    <Group gap={4} wrap="nowrap">
                      <Select
                        size="xs"
                        aria-label={t('import.columns.unit')}
                        data={['m', 'cm', 'mm']}
                        value={c.unit ?? SIZE_UNITS[c.target]}
                        onChange={(v) => change(i, { unit: (v as ImportColumn['unit']) ?? undefined })}
                        allowDeselect={false}
                        w={80}
                      />
                      {TRUNK.has(c.target) && (
                        <Select
                          size="xs"
                          aria-label={t('import.columns.holds')}
                          data={[
                            { value: 'circumference', label: t('import.columns.circumference') },
                            { value: 'diameter', label: t('import.columns.diameter') },
                          ]}
                          value={c.holds ?? (c.target === 'scope' ? 'circumference' : 'diameter')}
                          onChange={(v) => change(i, { holds: (v as ImportColumn['holds']) ?? undefined })}
                          allowDeselect={false}
                          style={{ flex: 1 }}
                        />
                      )}
                    </Group>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ScrollTable>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('import.columns.crs')}
          data={crsOptions}
          value={known && srid !== null ? String(srid) : null}
          description={
            srid !== null && suggested.has(srid)
              ? ins.detected.srid
                ? t('import.columns.crsFromFile')
                : t('import.columns.crsSuggested')
              : undefined
          }
          onChange={(v) => onSrid(v ? Number(v) : null)}
          style={{ flex: '1 1 320px' }}
          data-testid="import-crs"
        />
        <NumberInput
          label={t('import.columns.crsOther')}
          value={known ? '' : (srid ?? '')}
          onChange={(v) => onSrid(typeof v === 'number' ? v : null)}
          min={1}
          max={999999}
          allowDecimal={false}
          w={170}
        />
      </Group>
      <Select
        label={t('import.match.label')}
        description={t('import.match.description')}
        data={[
          { value: 'new', label: t('import.match.none') },
          { value: 'number', label: t('import.match.number') },
          { value: 'external_id', label: t('import.match.external_id') },
        ]}
        value={match || 'new'}
        onChange={(v) => onMatch(v === 'number' || v === 'external_id' ? v : '')}
        allowDeselect={false}
        data-testid="import-match"
      />
      {ins.swapped && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {t('import.columns.swapped')}
        </Alert>
      )}
      {gap && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="import-gap">
          {t(gap)}
        </Alert>
      )}
    </Stack>
  );
}
