import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "Someone else changed this" above a versioned form, with Reload. */
export function StaleNotice({ text, onReload }: { text: string; onReload?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" role="alert" data-testid="stale-notice">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{text}</Text>
        <Button
          size="xs"
          variant="light"
          color="yellow"
          leftSection={<IconRefresh size={14} />}
          onClick={onReload}
          data-testid="stale-reload"
        >
          {t('common.reload')}
        </Button>
      </Group>
    </Alert>
  );
}
