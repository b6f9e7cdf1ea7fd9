import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** The button above a tab's list that adds to it (a work, an inspection). */
export function TabAddButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <Group>
      <Button leftSection={<IconPlus size={16} />} onClick={onClick} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}
