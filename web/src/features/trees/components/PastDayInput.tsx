import { TextInput, type TextInputProps } from '@mantine/core';
import { todayISO } from '@/lib/trees/format';

/** A day on which something was done (a check, a work, a felling): never in the future. */
export function PastDayInput({
  onChange,
  ...props
}: Omit<TextInputProps, 'type' | 'max' | 'onChange'> & {
  value?: string;
  onChange: (day: string) => void;
  'data-testid'?: string;
  'data-autofocus'?: boolean;
}) {
  return <TextInput type="date" max={todayISO()} onChange={(e) => onChange(e.currentTarget.value)} {...props} />;
}
