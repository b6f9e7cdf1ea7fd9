import { Menu } from '@mantine/core';
import type { IconMap2 } from '@tabler/icons-react';

/** One item of a menu of the data view. */
export interface MenuEntry {
  icon: typeof IconMap2;
  label: string;
  testId: string;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
}

/** The items of a menu, each with its icon. */
export function MenuEntries({ entries }: { entries: MenuEntry[] }) {
  return entries.map(({ icon: Icon, label, testId, ...item }) => (
    <Menu.Item key={testId} leftSection={<Icon size={14} />} data-testid={testId} {...item}>
      {label}
    </Menu.Item>
  ));
}
