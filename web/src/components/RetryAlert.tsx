import { Button, Stack, Text } from '@mantine/core';
import { ErrorAlert } from './ErrorAlert';

/** Something could not be loaded: what, the server's reason, and a button to try again. */
export function RetryAlert({
  title,
  message,
  retry,
  onRetry,
  testId,
}: {
  title: string;
  message: string;
  retry: string;
  onRetry: () => void;
  testId?: string;
}) {
  return (
    <ErrorAlert title={title} data-testid={testId}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {retry}
        </Button>
      </Stack>
    </ErrorAlert>
  );
}
