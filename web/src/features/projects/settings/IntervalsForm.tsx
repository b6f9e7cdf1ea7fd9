import { Button, NumberInput, Table, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InspectionIntervals, ProjectSettings } from '@/api/projects/settings';
import type { Project } from '@/api/projects/types';
import { fieldErrorsUnder, FLL_INTERVALS, INTERVAL_ROWS, validInterval } from '@/api/projects/fields';
import { SettingsSection, useSettingsPart } from './SettingsSection';
import { HeadedTable } from '@/components/HeadedTable';

type Draft = Record<keyof InspectionIntervals, { low: number | ''; high: number | '' }>;

/** Inspection intervals: months by development and condition × traffic safety expectation (docs/DECISIONS.md). */
export function IntervalsForm({ project, settings }: { project: Project; settings: ProjectSettings }) {
  const { t } = useTranslation();
  const { draft, setDraft, version, save, errors, frame } = useSettingsPart<Draft>('index', project, settings, (s) => ({
    ...FLL_INTERVALS,
    ...(s.inspection_intervals ?? {}),
  }));
  const rowErrors = fieldErrorsUnder(errors, 'inspection_intervals');
  const valid = INTERVAL_ROWS.every((r) => validInterval(draft[r].low) && validInterval(draft[r].high));
  const isFll = JSON.stringify(draft) === JSON.stringify({ ...FLL_INTERVALS });

  const cell = (row: keyof InspectionIntervals, col: 'low' | 'high') => {
    const v = draft[row][col];
    return (
      <NumberInput
        size="sm"
        w={120}
        min={1}
        max={120}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        suffix={` ${t('intervals.months')}`}
        value={v}
        onChange={(n) => setDraft((d) => ({ ...d, [row]: { ...d[row], [col]: typeof n === 'number' ? n : '' } }))}
        error={!validInterval(v) || !!rowErrors[row]}
        aria-label={`${t(`intervals.rows.${row}`)} – ${t(`intervals.${col}`)}`}
        data-testid={`interval-${row}-${col}`}
      />
    );
  };

  return (
    <SettingsSection
      {...frame}
      error={!valid ? t('intervals.range') : (Object.values(rowErrors)[0] ?? errors.version)}
      dirty={frame.dirty && valid}
      onSave={() => save({ inspection_intervals: draft as InspectionIntervals, version })}
      actions={
        <Button
          variant="default"
          leftSection={<IconRestore size={16} />}
          onClick={() => setDraft({ ...FLL_INTERVALS })}
          disabled={isFll}
          data-testid="intervals-reset"
        >
          {t('intervals.reset')}
        </Button>
      }
    >
      <HeadedTable
        minWidth={560}
        highlightOnHover={false}
        verticalSpacing="sm"
        data-testid="intervals-table"
        columns={[
          { label: t('intervals.condition') },
          { label: t('intervals.low'), w: 140 },
          { label: t('intervals.high'), w: 140 },
        ]}
      >
        {INTERVAL_ROWS.map((row) => (
          <Table.Tr key={row} data-testid="interval-row" data-row={row}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {t(`intervals.rows.${row}`)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('intervals.fll', { low: FLL_INTERVALS[row].low, high: FLL_INTERVALS[row].high })}
              </Text>
            </Table.Td>
            <Table.Td>{cell(row, 'low')}</Table.Td>
            <Table.Td>{cell(row, 'high')}</Table.Td>
          </Table.Tr>
        ))}
      </HeadedTable>
    </SettingsSection>
  );
}
