import {
  Badge,
  Button,
  Chip,
  CloseButton,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconFilterOff, IconPolygon, IconListCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomField } from '@/api/projects/settings';
import { useProjectJobs } from '@/api/jobs/getProjectJobs';
import { emptyPanel, FIELDS, newCondition, type PanelState, type StockState } from '../filter';
import { ConditionRow } from './ConditionRow';
import { fieldName } from './labels';
import { labelledOptions } from '@/lib/options';

/** Fields with a control of their own are not offered as attribute rows. */
const QUICK = new Set(['deadline_class', 'check_class', 'security_relevance', 'job']);

export interface PanelErrors {
  rows: Record<number, string>;
  controls: Record<string, string>;
  general?: string;
}

/** The class filters: deadline classes 0–5, inspection classes 0–4. */
const CLASS_FILTERS = [
  {
    field: 'deadline_class',
    key: 'deadlineClasses',
    classes: 6,
    labels: 'data.deadlineClass',
    testId: 'filter-deadline',
  },
  { field: 'check_class', key: 'checkClasses', classes: 5, labels: 'data.checkClass', testId: 'filter-check' },
] as const;

/** Classes 0…classes-1 as chips, any number chosen (deadline and inspection classes). */
function ClassChips({
  classes,
  labels,
  value,
  onChange,
  testId,
}: {
  classes: number;
  labels: string;
  value: number[];
  onChange: (v: number[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Chip.Group multiple value={value.map(String)} onChange={(v) => onChange(v.map(Number))}>
      <Group gap={6}>
        {Array.from({ length: classes }, (_, n) => (
          <Chip key={n} value={String(n)} size="xs" data-testid={`${testId}-${n}`}>
            {t(`${labels}.${n}`)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

interface Props {
  projectId: string;
  panel: PanelState;
  onChange: (p: PanelState) => void;
  custom?: Record<string, CustomField>;
  errors: PanelErrors;
}

function Section({ label, error, children }: { label: string; error?: string; children: React.ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.4}>
        {label}
      </Text>
      {children}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The filter panel: stock state, classes, safety, jobs and attribute conditions of one filter. */
export function FilterPanel({ projectId, panel: p, onChange, custom, errors }: Props) {
  const { t } = useTranslation();
  const jobs = useProjectJobs(projectId);
  const set = (part: Partial<PanelState>) => onChange({ ...p, ...part });

  const activeCustom = (name: string) => !name.startsWith('general') || custom?.[name]?.active;
  const groups = (['tree', 'assessment', 'state', 'custom'] as const)
    .map((g) => ({
      group: t(`data.groups.${g}`),
      items: FIELDS.filter((f) => f.group === g && !QUICK.has(f.name) && activeCustom(f.name))
        .map((f) => ({ value: f.name, label: fieldName(t, f.name, custom) }))
        .sort((a, b) => (g === 'custom' ? a.label.localeCompare(b.label) : 0)),
    }))
    .filter((g) => g.items.length);

  return (
    <Stack gap="md" data-testid="filter-panel">
      <Section label={t('data.filter.state')} error={errors.controls.state}>
        <SegmentedControl
          size="xs"
          fullWidth
          data={(['stock', 'felled', 'archived', 'all'] as StockState[]).map((s) => ({
            value: s,
            label: t(`data.state.${s}`),
          }))}
          value={p.state}
          onChange={(v) => set({ state: v as StockState })}
          data-testid="filter-state"
        />
      </Section>

      {CLASS_FILTERS.map(({ field, key, classes, labels, testId }) => (
        <Section key={field} label={t(`data.fields.${field}`)} error={errors.controls[field]}>
          <ClassChips
            classes={classes}
            labels={labels}
            value={p[key]}
            onChange={(v) => set({ [key]: v })}
            testId={testId}
          />
        </Section>
      ))}

      <Section label={t('data.fields.security_relevance')} error={errors.controls.security_relevance}>
        <SegmentedControl
          size="xs"
          fullWidth
          data={[
            { value: 'any', label: t('data.any') },
            { value: 'yes', label: t('data.yes') },
            { value: 'no', label: t('data.no') },
          ]}
          value={p.safetyRelevant === null ? 'any' : p.safetyRelevant ? 'yes' : 'no'}
          onChange={(v) => set({ safetyRelevant: v === 'any' ? null : v === 'yes' })}
          data-testid="filter-safety"
        />
      </Section>

      <Section label={t('data.fields.job')} error={errors.controls.job}>
        <Select
          size="xs"
          aria-label={t('data.fields.job')}
          data={labelledOptions(t, 'data.job', ['any', 'none', 'some', 'these'])}
          value={p.job.mode}
          onChange={(v) => v && set({ job: { mode: v as PanelState['job']['mode'], ids: p.job.ids } })}
          allowDeselect={false}
          data-testid="filter-job"
        />
        {p.job.mode === 'these' && (
          <MultiSelect
            size="xs"
            aria-label={t('data.job.choose')}
            placeholder={t('data.job.choose')}
            data={(jobs.data ?? []).map((j) => ({ value: j.id, label: j.name }))}
            value={p.job.ids}
            onChange={(ids) => set({ job: { mode: 'these', ids } })}
            searchable
            nothingFoundMessage={t('data.job.noJobs')}
            data-testid="filter-job-ids"
          />
        )}
      </Section>

      <Section label={t('data.filter.conditions')}>
        {p.conditions.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('data.filter.noConditions')}
          </Text>
        )}
        {p.conditions.map((c, i) => (
          <ConditionRow
            key={i}
            projectId={projectId}
            index={i}
            condition={c}
            custom={custom}
            error={errors.rows[i]}
            onChange={(next) => set({ conditions: p.conditions.map((x, j) => (j === i ? next : x)) })}
            onRemove={() => set({ conditions: p.conditions.filter((_, j) => j !== i) })}
          />
        ))}
        <Select
          size="xs"
          placeholder={t('data.filter.addCondition')}
          aria-label={t('data.filter.addCondition')}
          data={groups}
          value={null}
          onChange={(v) => v && set({ conditions: [...p.conditions, newCondition(v)] })}
          searchable
          nothingFoundMessage={t('data.filter.nothingFound')}
          data-testid="filter-add"
          comboboxProps={{ withinPortal: true }}
        />
      </Section>

      {(p.geometry || p.ids) && (
        <Section label={t('data.filter.geometry')} error={errors.controls.geometry ?? errors.controls.ids}>
          {p.geometry && (
            <Group justify="space-between" wrap="nowrap">
              <Badge variant="light" leftSection={<IconPolygon size={12} />} data-testid="filter-geometry">
                {t('data.filter.area')}
              </Badge>
              <CloseButton size="sm" aria-label={t('data.filter.removeArea')} onClick={() => set({ geometry: null })} />
            </Group>
          )}
          {p.ids && (
            <Group justify="space-between" wrap="nowrap">
              <Badge variant="light" leftSection={<IconListCheck size={12} />}>
                {t('data.filter.ids', { count: p.ids.length })}
              </Badge>
              <CloseButton size="sm" aria-label={t('data.filter.removeIds')} onClick={() => set({ ids: undefined })} />
            </Group>
          )}
        </Section>
      )}

      <Button
        variant="subtle"
        color="gray"
        size="xs"
        leftSection={<IconFilterOff size={14} />}
        onClick={() => onChange(emptyPanel())}
        data-testid="filter-reset"
      >
        {t('data.filter.reset')}
      </Button>
    </Stack>
  );
}
