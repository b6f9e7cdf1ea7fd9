import { ActionIcon, Tooltip } from '@mantine/core';
import type { IconPlus } from '@tabler/icons-react';

export interface IconActionProps {
  /** What it does: its accessible name and, with tooltip, its tooltip. */
  label: string;
  icon: typeof IconPlus;
  onClick: () => void;
  color?: string;
  tooltip?: boolean;
  testId?: string;
}

/** A quiet icon button (edit, delete, export …) named by its label. */
export function IconAction({ label, icon: Icon, onClick, color = 'gray', tooltip, testId }: IconActionProps) {
  const button = (
    <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={label} data-testid={testId}>
      <Icon size={18} />
    </ActionIcon>
  );
  return tooltip ? <Tooltip label={label}>{button}</Tooltip> : button;
}
