import type { ReactNode } from 'react';
import { Group, NumberInput, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { listValue, type Condition, type ConditionValue } from '../filter';

/** What every value input of a condition row shares: its size, accessible name and test id. */
export interface CommonProps {
  size: 'xs';
  'aria-label': string;
  'data-testid': string;
}

interface Props {
  condition: Condition;
  common: CommonProps;
  onChange: (v: ConditionValue) => void;
}

/** "From" and "to" of a between condition side by side, each told its label and test id. */
function Between({
  common,
  from,
  to,
}: {
  common: CommonProps;
  from: (props: CommonProps & { placeholder: string }) => ReactNode;
  to: (props: CommonProps & { placeholder: string }) => ReactNode;
}) {
  const { t } = useTranslation();
  const side = (key: 'from' | 'to') => ({
    ...common,
    'aria-label': t(`data.filter.${key}`),
    placeholder: t(`data.filter.${key}`),
    'data-testid': `filter-condition-${key}`,
  });
  return (
    <Group gap={6} grow wrap="nowrap">
      {from(side('from'))}
      {to(side('to'))}
    </Group>
  );
}

/** A number, a list of numbers, or a range of them. */
export function NumberValue({ condition: c, common, onChange }: Props) {
  const { t } = useTranslation();
  const list = Array.isArray(c.value) ? c.value : [];
  const num = (v: string | number) => (typeof v === 'number' ? v : '');
  if (c.op === 'between') {
    const [lo, hi] = list;
    return (
      <Between
        common={common}
        from={(p) => <NumberInput {...p} value={num(lo)} onChange={(v) => onChange([num(v), hi ?? ''])} />}
        to={(p) => <NumberInput {...p} value={num(hi)} onChange={(v) => onChange([lo ?? '', num(v)])} />}
      />
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

/** A day, or a range of days. */
export function DateValue({ condition: c, common, onChange }: Props) {
  const list = Array.isArray(c.value) ? c.value : [];
  const day = (v: unknown) => (typeof v === 'string' ? v : '');
  if (c.op === 'between') {
    const [lo, hi] = list;
    return (
      <Between
        common={common}
        from={(p) => (
          <TextInput {...p} type="date" value={day(lo)} onChange={(e) => onChange([e.currentTarget.value, hi ?? ''])} />
        )}
        to={(p) => (
          <TextInput {...p} type="date" value={day(hi)} onChange={(e) => onChange([lo ?? '', e.currentTarget.value])} />
        )}
      />
    );
  }
  return (
    <TextInput {...common} type="date" value={day(c.value)} onChange={(e) => onChange(e.currentTarget.value || null)} />
  );
}
