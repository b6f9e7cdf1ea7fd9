import { useEffect } from 'react';
import { Button, Center, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertOctagon, IconArrowLeft } from '@tabler/icons-react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, shouldReload } from '@/lib/reload';
import { ApiError } from '@/lib/api';

function describe(error: unknown, fallback: string): { status: string; message: string } {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { message?: string } | string | undefined;
    const message = typeof data === 'string' ? data : (data?.message ?? '');
    return { status: `${error.status} ${error.statusText}`.trim(), message: message || fallback };
  }
  if (error instanceof ApiError) return { status: error.status ? String(error.status) : '', message: error.message };
  if (error instanceof Error) return { status: '', message: error.message || fallback };
  return { status: '', message: fallback };
}

// Decided once per error object (renders may repeat, e.g. in StrictMode).
const decisions = new WeakMap<object, boolean>();
function decideReload(error: unknown, pathname: string): boolean {
  if (typeof error !== 'object' || error === null) return shouldReload(pathname, window.sessionStorage);
  let d = decisions.get(error);
  if (d === undefined) {
    d = shouldReload(pathname, window.sessionStorage);
    decisions.set(error, d);
  }
  return d;
}

/** The fatal error page: status message, error message and a way back to the root. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chunk = isChunkLoadError(error);
  const reload = chunk && decideReload(error, pathname);

  useEffect(() => {
    if (reload) window.location.reload();
  }, [reload]);

  if (reload) {
    return (
      <Center h="100dvh">
        <Text c="dimmed">{t('errors.reloading')}</Text>
      </Center>
    );
  }

  const { status, message } = describe(error, t('errors.fatalText'));
  return (
    <Center mih="100dvh" p="md" className="arbor-guest">
      <Paper className="arbor-guest-card" p={40} maw={520} w="100%" data-testid="error-page">
        <Stack align="center" ta="center" gap="md">
          <IconAlertOctagon size={48} stroke={1.5} color="var(--mantine-color-red-6)" />
          <Title order={1} fz={24}>
            {t('errors.fatalTitle')}
          </Title>
          {status && (
            <Code fz="sm" data-testid="error-status">
              {t('errors.status', { status })}
            </Code>
          )}
          <Text c="dimmed" data-testid="error-message">
            {message}
          </Text>
          <Button
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => {
              window.location.assign('/');
            }}
          >
            {t('errors.back')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
