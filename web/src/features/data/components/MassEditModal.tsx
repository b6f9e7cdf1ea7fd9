import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import type { CustomField } from '@/api/projects/settings';
import { TREE_FIELDS } from '@/api/projects/fields';
import { TREE_CUSTOM_FIELDS } from '@/lib/trees/tree';
import { useFilterValues } from '../api/filterValues';
import { useMassEdit } from '../api/selection';
import { fieldInfo } from '../filter';
import { fieldName } from './labels';
import { labelledOptions } from '@/lib/options';

/** The fields mass edit may set (fields/table.go: Mass): what a person enters but a tree's
 * own number, its area and the inspection's comment; the species count; the custom fields. */
const NOT_MASS = new Set<string>(['number', 'number_text', 'area', 'check_comment']);
export const MASS_FIELDS = [...TREE_FIELDS.filter((f) => !NOT_MASS.has(f)), 'species_count', ...TREE_CUSTOM_FIELDS];

type Value = string | number | string[] | null;

/** "Mass edit": chosen fields set on every selected object (management; docs/PRODUCT.md §5 limit). */
export function MassEditModal({
  projectId,
  ids,
  opened,
  custom,
  onClose,
  onDone,
}: {
  projectId: string;
  ids: string[];
  opened: boolean;
  custom?: Record<string, CustomField>;
  onClose: () => void;
  onDone: (changed: number) => void;
}) {
  const { t } = useTranslation();
  const mass = useMassEdit(projectId);
  const [fields, setFields] = useState<string[]>([]);
  const [values, setValues] = useState<Record<string, Value>>({});
  const close = () => {
    setFields([]);
    setValues({});
    mass.reset();
    onClose();
  };
  const options = MASS_FIELDS.filter((f) => !f.startsWith('general') || custom?.[f]?.active).map((f) => ({
    value: f,
    label: fieldName(t, f, custom),
  }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: Record<string, unknown> = {};
    for (const f of fields) {
      const v = values[f];
      body[f] = v === undefined || v === '' ? null : v;
    }
    mass.mutate({ ids, fields: body }, { onSuccess: (a) => onDone(a.changed) });
  };
  const err = mass.error instanceof ApiError ? mass.error : null;
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={650}>{t('data.mass.title')}</Text>} centered size="lg">
      <form onSubmit={submit} noValidate data-testid="mass-edit-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('data.mass.text', { count: ids.length })}
          </Text>
          <MultiSelect
            label={t('data.mass.fields')}
            placeholder={t('data.mass.chooseFields')}
            data={options}
            value={fields}
            onChange={setFields}
            searchable
            data-testid="mass-edit-fields"
            comboboxProps={{ withinPortal: true }}
          />
          {fields.map((f) => (
            <MassValue
              key={f}
              projectId={projectId}
              field={f}
              custom={custom}
              value={values[f] ?? null}
              error={err?.fields[f] ? err.message : undefined}
              onChange={(v) => setValues((cur) => ({ ...cur, [f]: v }))}
            />
          ))}
          {fields.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('data.mass.emptyClears')}
            </Text>
          )}
          {err && !fields.some((f) => err.fields[f]) && (
            <Alert color="red" variant="light" role="alert" data-testid="mass-edit-error">
              {err.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!fields.length} loading={mass.isPending} data-testid="mass-edit-submit">
              {t('data.mass.submit', { count: ids.length })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function MassValue({
  projectId,
  field,
  custom,
  value,
  error,
  onChange,
}: {
  projectId: string;
  field: string;
  custom?: Record<string, CustomField>;
  value: Value;
  error?: string;
  onChange: (v: Value) => void;
}) {
  const { t } = useTranslation();
  const info = fieldInfo(field);
  const label = fieldName(t, field, custom);
  const values = useFilterValues(projectId, field, field === 'species' || field === 'symptoms' || field === 'top_form');
  const common = { label, error, 'data-testid': `mass-edit-value-${field}` };
  if (info?.kind === 'enum') {
    return (
      <Select
        {...common}
        data={labelledOptions(t, info.labels ?? '', info.codes ?? [])}
        value={value === null ? null : String(value)}
        onChange={(v) => onChange(v === null ? null : Number(v))}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (info?.kind === 'number') {
    return (
      <NumberInput
        {...common}
        value={typeof value === 'number' ? value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        decimalScale={1}
      />
    );
  }
  if (field === 'species') {
    return (
      <Select
        {...common}
        data={(values.data ?? []).map((v) => ({ value: v.value, label: v.label || v.value }))}
        value={typeof value === 'string' ? value : null}
        onChange={onChange}
        searchable
        clearable
        description={t('data.mass.speciesHint')}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (field === 'symptoms') {
    return (
      <TagsInput
        {...common}
        data={(values.data ?? []).map((v) => v.value)}
        value={Array.isArray(value) ? value : []}
        onChange={onChange}
      />
    );
  }
  const listed = custom?.[field]?.type === 'list' ? (custom[field].values ?? []) : [];
  if (listed.length) {
    return (
      <Select
        {...common}
        data={listed}
        value={typeof value === 'string' ? value : null}
        onChange={onChange}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  return (
    <TextInput
      {...common}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
