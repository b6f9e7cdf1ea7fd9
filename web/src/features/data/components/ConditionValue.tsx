import { Autocomplete, MultiSelect, SegmentedControl, Select, TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomField } from '@/api/projects/settings';
import { useFilterValues } from '../api/filterValues';
import { useProjectJobs } from '@/api/jobs/getProjectJobs';
import { fieldInfo, listValue, type Condition, type ConditionValue, suggestsValues } from '../filter';
import { DateValue, NumberValue } from './ConditionRange';
import { labelledOptions } from '@/lib/options';

/** The value of a condition, as its field's kind and its operator ask: a choice of codes, yes or
 * no, jobs, numbers and dates (ConditionRange.tsx), or texts suggested from the project. */
export function ValueInput({
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
    const data = labelledOptions(t, info?.labels ?? '', info?.codes ?? []);
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
  if (kind === 'number') return <NumberValue condition={c} common={common} onChange={onChange} />;
  if (kind === 'date') return <DateValue condition={c} common={common} onChange={onChange} />;
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
