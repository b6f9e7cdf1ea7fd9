import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** One line of the safety warnings: what is wrong, how many, and where "Show" leads. */
export interface SafetyWarning {
  key: string;
  text: ReactNode;
  count: number;
  /** data-testid of the line; its "Show" button gets the same with "-open". */
  testId: string;
  onOpen: () => void;
}

/**
 * The red box of safety warnings on the dashboards (overdue safety-relevant works, fellings set
 * too far out), each line with a button to the objects it counts; nothing while all is well.
 */
export function SafetyWarnings({ warnings, testId }: { warnings: SafetyWarning[]; testId: string }) {
  const { t } = useTranslation();
  const shown = warnings.filter((w) => w.count > 0);
  if (shown.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      icon={<IconAlertTriangle size={20} />}
      title={t('dashboard.warnings.title')}
      data-testid={testId}
    >
      <Stack gap={6}>
        {shown.map((w) => (
          <Group key={w.key} gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 240px' }} data-testid={w.testId} data-value={w.count}>
              {w.text}
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              rightSection={<IconArrowRight size={14} />}
              style={{ flex: 'none' }}
              onClick={w.onOpen}
              data-testid={`${w.testId}-open`}
            >
              {t('dashboard.warnings.show')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
