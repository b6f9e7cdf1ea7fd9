import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Skeleton, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { IconPlus } from '@tabler/icons-react';

type Icon = typeof IconPlus;

/** Two grey bars of a list that is loading. */
export function ListSkeleton({ h }: { h: number }) {
  return (
    <Stack gap="sm">
      <Skeleton h={h} />
      <Skeleton h={h} />
    </Stack>
  );
}

/** What stands instead of a RowList that has no rows yet: a grey icon and a line. */
export function EmptyRows({ icon: Icon, testId, children }: { icon: Icon; testId: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" py="sm" data-testid={testId}>
      <ThemeIcon variant="light" color="gray" size={36} radius="xl">
        <Icon size={18} />
      </ThemeIcon>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

/** A list of rows (administrators, API keys, export and support records …), divided by lines. */
export function RowList({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {children}
    </Stack>
  );
}

/**
 * A RowList of loaded items: grey bars (of rowHeight) while they load, `empty` while there are
 * none. `row` draws an item as a ListRow, `first` for the first.
 */
export function LoadedRowList<T>({
  loading,
  items,
  rowHeight,
  empty,
  testId,
  row,
}: {
  loading: boolean;
  items: T[];
  rowHeight: number;
  empty: ReactNode;
  testId: string;
  row: (item: T, first: boolean) => ReactNode;
}) {
  if (loading) return <ListSkeleton h={rowHeight} />;
  if (!items.length) return empty;
  return <RowList testId={testId}>{items.map((item, i) => row(item, i === 0))}</RowList>;
}

/** The words of a row: its name in bold with badges beside it, and grey lines below. */
export function RowText({ name, badges, children }: { name: ReactNode; badges?: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Group gap={8} wrap="wrap">
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
        {badges}
      </Group>
      {children}
    </Stack>
  );
}

/** One row of a RowList: what it shows, and at its end what can be done with it. Data attributes
 * (data-email, data-name …) name the row for tests. */
export function ListRow({
  first,
  testId,
  children,
  align,
  gap,
  px,
  py = 'sm',
  ...data
}: {
  first: boolean;
  testId: string;
  children: ReactNode;
  /** `flex-start` where a row's parts take several lines. */
  align?: 'flex-start';
  gap?: 'md';
  px?: 'md';
  py?: 'xs' | 'sm';
  [data: `data-${string}`]: string;
}) {
  return (
    <Group
      component="li"
      justify="space-between"
      align={align}
      gap={gap}
      wrap="nowrap"
      px={px}
      py={py}
      style={first ? undefined : { borderTop: '1px solid var(--arbor-border)' }}
      data-testid={testId}
      {...data}
    >
      {children}
    </Group>
  );
}

/** The red icon at a row's end that removes it (after a confirmation the caller asks). */
export function RemoveRowButton({
  label,
  name,
  icon: Icon,
  onClick,
  testId,
  size = 18,
  loading,
}: {
  label: string;
  /** What the row is called, for the button's accessible name. */
  name: string;
  icon: Icon;
  onClick: () => void;
  testId: string;
  /** The icon's size: 18 in a list of rows, 16 in a table's. */
  size?: number;
  loading?: boolean;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`${label}: ${name}`}
        loading={loading}
        onClick={onClick}
        data-testid={testId}
      >
        <Icon size={size} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The button below a list that adds to it. */
export function AddRowButton({
  label,
  icon: Icon,
  onClick,
  disabled,
  testId,
}: {
  label: string;
  icon: Icon;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Group justify="flex-end">
      <Button
        variant="default"
        leftSection={<Icon size={16} />}
        onClick={onClick}
        disabled={disabled}
        data-testid={testId}
      >
        {label}
      </Button>
    </Group>
  );
}
