import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ErrorAlert';
import type { TreeEdit } from './useTreeEdit';

/** What the last save met: a newer version (to reload) or a message from the server. */
export function EditNotices({ edit }: { edit: TreeEdit }) {
  const { t } = useTranslation();
  const { stale, kept, message } = edit;
  return (
    <>
      {stale && (
        <Alert
          color={kept ? 'blue' : 'yellow'}
          variant="light"
          role="alert"
          data-testid="tree-stale"
          data-kept={!!kept}
        >
          <Stack gap="xs">
            <Text size="sm">{kept ?? t('trees.general.stale')}</Text>
            <Group>
              <Button
                size="xs"
                variant="light"
                color={kept ? 'blue' : 'yellow'}
                leftSection={<IconRefresh size={14} />}
                onClick={edit.reload}
                data-testid="tree-stale-reload"
              >
                {t('common.reload')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {message && (
        <ErrorAlert withCloseButton onClose={() => edit.setMessage(null)} data-testid="tree-error">
          {message}
        </ErrorAlert>
      )}
    </>
  );
}
