import { ActionIcon, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomField } from '@/api/projects/settings';
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
} from '../filter';
import { fieldName } from './labels';
import { ValueInput } from './ConditionValue';
import { labelledOptions } from '@/lib/options';

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
          data={labelledOptions(t, 'data.ops', ops)}
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
