import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, type IconBan } from '@tabler/icons-react';
import { SettingsSection } from './SettingsSection';

/**
 * The red section at a settings page's foot with one step that cannot be undone (cancel the
 * organisation, delete the account): what it does, and the red button that asks to confirm.
 */
export function DangerZone({
  title,
  heading,
  text,
  action,
  icon: Icon,
  onAction,
  actionTestId,
  children,
}: {
  title: string;
  heading: string;
  text: string;
  action: string;
  icon: typeof IconBan;
  onAction: () => void;
  actionTestId: string;
  /** The confirmation modal. */
  children?: ReactNode;
}) {
  return (
    <SettingsSection title={title} danger testId="danger-zone">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={4} maw={420}>
          <Group gap={8}>
            <IconAlertTriangle size={18} color="var(--mantine-color-red-6)" />
            <Text fw={600}>{heading}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
        <Button
          color="red"
          variant="light"
          leftSection={<Icon size={16} />}
          onClick={onAction}
          data-testid={actionTestId}
        >
          {action}
        </Button>
      </Group>
      {children}
    </SettingsSection>
  );
}
