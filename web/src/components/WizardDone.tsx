import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/** A wizard's last step when all went well: a green tick, its title, then what was done. */
export function WizardDone({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="md" data-testid={testId}>
      <ThemeIcon size={48} radius="xl" color="green" variant="light">
        <IconCircleCheck size={30} />
      </ThemeIcon>
      <Text fw={600} size="lg">
        {title}
      </Text>
      {children}
    </Stack>
  );
}
