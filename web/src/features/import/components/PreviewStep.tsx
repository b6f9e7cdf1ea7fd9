import { Alert, Button, Checkbox, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '@/components/ScrollTable';
import { problemsCSV } from '../mapping';
import { SPECIES_NONE, type ImportResult, type SpeciesSuggestion } from '../api/types';
import { SamplePreview } from './SamplePreview';

export interface PreviewStepProps {
  fileName: string;
  result: ImportResult;
  nextFree: boolean;
  onNextFree: (v: boolean) => void;
  addSpecies: boolean;
  onAddSpecies: (v: boolean) => void;
  /** What the person chose for names no list knows: a species id or SPECIES_NONE. */
  speciesMap: Record<string, string>;
  onSpeciesMap: (m: Record<string, string>) => void;
}

/** A species as the person reads it: botanical name and the common name in their language. */
function speciesLabel(s: SpeciesSuggestion, lang: string) {
  const common = lang.startsWith('de') ? s.name_de : lang.startsWith('fr') ? s.name_fr : s.name_en;
  return common && common !== s.botanical ? `${s.botanical} – ${common}` : s.botanical;
}

/** Step 3: what the import would do, every problem by line and column, the first objects drawn. */
export function PreviewStep({
  fileName,
  result: r,
  nextFree,
  onNextFree,
  addSpecies,
  onAddSpecies,
  speciesMap,
  onSpeciesMap,
}: PreviewStepProps) {
  const { t, i18n } = useTranslation();
  const taken = r.problems.some((p) => p.key === 'import.number_taken') || r.renumbered > 0;
  const download = () => {
    const csv = problemsCSV(r.problems, [
      t('import.preview.line'),
      t('import.preview.column'),
      t('import.preview.message'),
      t('import.preview.value'),
    ]);
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName.replace(/\.[^.]+$/, '') + '-problems.csv';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md" data-testid="import-preview">
      <Text fw={500} data-testid="import-summary">
        {t('import.preview.summary', { rows: r.rows, trees: r.trees, groups: r.groups })}
      </Text>
      {(r.updated > 0 || r.unchanged > 0) && (
        <Text size="sm" data-testid="import-summary-updated">
          {t('import.preview.updated', { count: r.updated, unchanged: r.unchanged })}
        </Text>
      )}
      {r.numbered > 0 && <Text size="sm">{t('import.preview.numbered', { count: r.numbered })}</Text>}
      {r.renumbered > 0 && <Text size="sm">{t('import.preview.renumbered', { count: r.renumbered })}</Text>}
      {r.problems.length === 0 ? (
        <Alert color="green" icon={<IconCircleCheck size={18} />}>
          {t('import.preview.noProblems')}
        </Alert>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Title order={5} c="red" data-testid="import-problem-count">
              {t('import.preview.problems', { count: r.problems.length })}
            </Title>
            <Button variant="subtle" size="xs" leftSection={<IconDownload size={16} />} onClick={download}>
              {t('import.preview.download')}
            </Button>
          </Group>
          <ScrollTable
            mah={220}
            striped
            stickyHeader
            verticalSpacing={4}
            fz="sm"
            data-testid="import-problems"
            head={
              <>
                <Table.Th w={70}>{t('import.preview.line')}</Table.Th>
                <Table.Th>{t('import.preview.column')}</Table.Th>
                <Table.Th>{t('import.preview.message')}</Table.Th>
                <Table.Th>{t('import.preview.value')}</Table.Th>
              </>
            }
          >
            {r.problems.map((p, i) => (
              <Table.Tr key={i} data-testid="import-problem">
                <Table.Td>{p.line}</Table.Td>
                <Table.Td>{p.column}</Table.Td>
                <Table.Td>{p.message}</Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed" lineClamp={1} maw={180}>
                    {p.value}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
        </Stack>
      )}
      {taken && (
        <Checkbox
          label={t('import.preview.nextFree')}
          checked={nextFree}
          onChange={(e) => onNextFree(e.currentTarget.checked)}
          data-testid="import-next-free"
        />
      )}
      {r.unknown_species.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('import.preview.unknownSpecies')}>
          <Text size="sm" mb="xs">
            {t('import.preview.speciesIntro')}
          </Text>
          <ScrollTable
            mah={260}
            mb="sm"
            verticalSpacing={4}
            fz="sm"
            data-testid="import-unknown-species"
            head={
              <>
                <Table.Th>{t('import.preview.speciesName')}</Table.Th>
                <Table.Th w={60}>{t('import.preview.speciesRows')}</Table.Th>
                <Table.Th w="55%">{t('import.preview.speciesBecomes')}</Table.Th>
              </>
            }
          >
            {r.unknown_species.slice(0, 100).map((s) => (
              <Table.Tr key={s.name} data-testid="import-species-row">
                <Table.Td>
                  <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
                    {s.name}
                  </Text>
                </Table.Td>
                <Table.Td>{s.rows.toLocaleString(i18n.language)}</Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    aria-label={t('import.preview.speciesBecomes') + ': ' + s.name}
                    placeholder={addSpecies ? t('import.preview.speciesAdd') : t('import.preview.speciesChoose')}
                    data={[
                      ...(s.suggestions ?? []).map((o) => ({ value: o.id, label: speciesLabel(o, i18n.language) })),
                      { value: SPECIES_NONE, label: t('import.preview.speciesNone') },
                    ]}
                    value={speciesMap[s.name] ?? null}
                    onChange={(v) => {
                      const next = { ...speciesMap };
                      if (v) next[s.name] = v;
                      else delete next[s.name];
                      onSpeciesMap(next);
                    }}
                    clearable
                    comboboxProps={{ withinPortal: true }}
                    data-testid="import-species-choice"
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
          <Checkbox
            label={t('import.preview.addSpecies')}
            checked={addSpecies}
            onChange={(e) => onAddSpecies(e.currentTarget.checked)}
            data-testid="import-add-species"
          />
        </Alert>
      )}
      {r.sample.features?.length ? (
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('import.preview.map')}
          </Text>
          <SamplePreview features={r.sample.features} />
        </Stack>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('import.preview.nothingWritten')}
      </Text>
    </Stack>
  );
}
