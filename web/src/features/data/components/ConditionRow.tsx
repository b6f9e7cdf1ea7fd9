import {
  ActionIcon,
  Autocomplete,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomField } from '@/api/projects/settings';
import { useFilterValues } from '../api/filterValues';
import { useProjectJobs } from '@/api/jobs/getProjectJobs';
import {
  emptyValue,
  fieldInfo,
  isComplete,
  isOffered,
  listValue,
  noValue,
  OPERATORS,
  type Condition,
  type ConditionValue,
  type Operator,
  suggestsValues,
} from '../filter';
import { fieldName } from './labels';

interface Props {
  projectId: string;
  index: number;
  condition: Condition;
  custom?: Record<string, CustomField>;
  /** The server's message about this condition. */
  error?: string;
  onChange: (c: Condition) => void;
  onRemove: () => void;
}

/** One attribute condition of the filter panel: field, operator, value. */
export function ConditionRow({ projectId, index, condition: c, custom, error, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const info = fieldInfo(c.field);
  const kind = info?.kind ?? 'text';
  const offered = isOffered(c);
  const incomplete = offered && !isComplete(c);
  const ops = offered || !info ? OPERATORS[kind] : [...OPERATORS[kind], c.op];
  const setOp = (op: Operator) => {
    const keep = listValue(op) === listValue(c.op) && (op === 'between') === (c.op === 'between') && !noValue(c.op);
    onChange({ field: c.field, op, value: keep ? c.value : emptyValue(kind, op) });
  };
  const setValue = (value: ConditionValue) => onChange({ ...c, value });
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      data-testid="filter-condition"
      data-field={c.field}
      data-index={index}
      data-incomplete={incomplete || undefined}
      style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <Text size="sm" fw={600} truncate>
            {fieldName(t, c.field, custom)}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={onRemove}
            aria-label={t('data.filter.removeCondition')}
            data-testid="filter-condition-remove"
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
        <Select
          size="xs"
          aria-label={t('data.filter.operator')}
          data={ops.map((op) => ({ value: op, label: t(`data.ops.${op}`) }))}
          value={c.op}
          onChange={(v) => v && setOp(v as Operator)}
          allowDeselect={false}
          data-testid="filter-condition-op"
        />
        {!noValue(c.op) &&
          (offered || !info ? (
            <ValueInput projectId={projectId} condition={c} custom={custom} onChange={setValue} />
          ) : (
            // A condition the panel cannot edit (from a link or an older saved filter) still
            // filters: its value is shown as sent, and the row can be removed or its operator changed.
            <Text size="xs" ff="monospace" data-testid="filter-condition-raw">
              {JSON.stringify(c.value ?? null)}
            </Text>
          ))}
        {error && (
          <Text size="xs" c="red" role="alert" data-testid="filter-condition-error">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function ValueInput({
  projectId,
  condition: c,
  custom,
  onChange,
}: {
  projectId: string;
  condition: Condition;
  custom?: Record<string, CustomField>;
  onChange: (v: ConditionValue) => void;
}) {
  const { t } = useTranslation();
  const info = fieldInfo(c.field);
  const kind = info?.kind ?? 'text';
  const values = useFilterValues(projectId, c.field, suggestsValues(c.field));
  const jobs = useProjectJobs(projectId);
  const label = t('data.filter.value');
  const common = { size: 'xs' as const, 'aria-label': label, 'data-testid': 'filter-condition-value' };
  const list = Array.isArray(c.value) ? c.value : [];

  if (kind === 'enum') {
    const data = (info?.codes ?? []).map((n) => ({ value: String(n), label: t(`${info?.labels}.${n}`) }));
    return (
      <MultiSelect
        {...common}
        data={data}
        value={list.map(String)}
        onChange={(v) => onChange(v.map(Number))}
        placeholder={t('data.filter.choose')}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (kind === 'bool') {
    return (
      <SegmentedControl
        size="xs"
        data={[
          { value: 'true', label: t(c.field === 'single_tree' ? 'data.kind.tree' : 'data.yes') },
          { value: 'false', label: t(c.field === 'single_tree' ? 'data.kind.group' : 'data.no') },
        ]}
        value={String(c.value !== false)}
        onChange={(v) => onChange(v === 'true')}
        data-testid="filter-condition-value"
      />
    );
  }
  if (kind === 'job') {
    return (
      <MultiSelect
        {...common}
        data={(jobs.data ?? []).map((j) => ({ value: j.id, label: j.name }))}
        value={list.map(String)}
        onChange={(v) => onChange(c.op === 'eq' ? (v[v.length - 1] ?? null) : v)}
        searchable
      />
    );
  }
  if (kind === 'number') {
    if (c.op === 'between') {
      const [lo, hi] = list;
      return (
        <Group gap={6} grow wrap="nowrap">
          <NumberInput
            {...common}
            aria-label={t('data.filter.from')}
            placeholder={t('data.filter.from')}
            value={typeof lo === 'number' ? lo : ''}
            onChange={(v) => onChange([typeof v === 'number' ? v : '', hi ?? ''])}
            data-testid="filter-condition-from"
          />
          <NumberInput
            {...common}
            aria-label={t('data.filter.to')}
            placeholder={t('data.filter.to')}
            value={typeof hi === 'number' ? hi : ''}
            onChange={(v) => onChange([lo ?? '', typeof v === 'number' ? v : ''])}
            data-testid="filter-condition-to"
          />
        </Group>
      );
    }
    if (listValue(c.op)) {
      return (
        <TagsInput
          {...common}
          value={list.map(String)}
          onChange={(v) => onChange(v.map(Number).filter((n) => Number.isFinite(n)))}
          placeholder={t('data.filter.numbersHint')}
        />
      );
    }
    return (
      <NumberInput
        {...common}
        value={typeof c.value === 'number' ? c.value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : null)}
      />
    );
  }
  if (kind === 'date') {
    if (c.op === 'between') {
      const [lo, hi] = list;
      return (
        <Group gap={6} grow wrap="nowrap">
          <TextInput
            {...common}
            type="date"
            aria-label={t('data.filter.from')}
            value={typeof lo === 'string' ? lo : ''}
            onChange={(e) => onChange([e.currentTarget.value, hi ?? ''])}
            data-testid="filter-condition-from"
          />
          <TextInput
            {...common}
            type="date"
            aria-label={t('data.filter.to')}
            value={typeof hi === 'string' ? hi : ''}
            onChange={(e) => onChange([lo ?? '', e.currentTarget.value])}
            data-testid="filter-condition-to"
          />
        </Group>
      );
    }
    return (
      <TextInput
        {...common}
        type="date"
        value={typeof c.value === 'string' ? c.value : ''}
        onChange={(e) => onChange(e.currentTarget.value || null)}
      />
    );
  }
  // Texts, lists of texts, species and genera: values from the project, most frequent first.
  const listed = custom?.[c.field]?.type === 'list' ? (custom[c.field].values ?? []) : [];
  const options = [
    ...new Map(
      [
        ...(values.data ?? []).map((v) => ({ value: v.value, label: v.label || v.value })),
        ...listed.map((v) => ({ value: v, label: v })),
      ].map((o) => [o.value, o]),
    ).values(),
  ];
  if (kind === 'species' || kind === 'genus') {
    if (listValue(c.op)) {
      return (
        <MultiSelect
          {...common}
          data={options}
          value={list.map(String)}
          onChange={onChange}
          searchable
          placeholder={t('data.filter.choose')}
          nothingFoundMessage={t('data.filter.nothingFound')}
        />
      );
    }
    return (
      <Select
        {...common}
        data={options}
        value={typeof c.value === 'string' ? c.value : null}
        onChange={(v) => onChange(v)}
        searchable
        placeholder={t('data.filter.choose')}
        nothingFoundMessage={t('data.filter.nothingFound')}
      />
    );
  }
  if (listValue(c.op)) {
    return (
      <TagsInput
        {...common}
        data={options.map((o) => o.value)}
        value={list.map(String)}
        onChange={onChange}
        placeholder={t('data.filter.choose')}
      />
    );
  }
  return (
    <Autocomplete
      {...common}
      data={options.map((o) => o.value)}
      value={typeof c.value === 'string' ? c.value : ''}
      onChange={(v) => onChange(v)}
      placeholder={kind === 'texts' ? t('data.filter.choose') : t('data.filter.text')}
    />
  );
}
