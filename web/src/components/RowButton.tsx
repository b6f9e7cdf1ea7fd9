import type { ReactNode } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconTrash, type IconPlus } from '@tabler/icons-react';
import { RemoveRowButton } from './RowList';

/** A quiet icon button in a table's row: named by what it does and the row's name, its tooltip says what it does. */
export function RowButton({
  label,
  name,
  icon: Icon,
  onClick,
  testId,
  arrow,
}: {
  label: string;
  /** What the row is called, for the button's accessible name. */
  name: string;
  icon: typeof IconPlus;
  onClick: () => void;
  testId: string;
  /** The tooltip points at the button. */
  arrow?: boolean;
}) {
  return (
    <Tooltip label={label} withArrow={arrow}>
      <ActionIcon variant="subtle" aria-label={`${label}: ${name}`} onClick={onClick} data-testid={testId}>
        <Icon size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The buttons at the end of a row: its own (`children`), then the one that removes the row. */
export function RowButtons({
  gap,
  remove,
  children,
}: {
  gap: number;
  remove: { label: string; name: string; onClick: () => void; testId: string };
  children?: ReactNode;
}) {
  return (
    <Group gap={gap} wrap="nowrap" justify="flex-end">
      {children}
      <RemoveRowButton {...remove} icon={IconTrash} size={16} />
    </Group>
  );
}
