import { useState } from 'react';
import { Alert, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useInputState } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useSaveBasemap, type Basemap } from '@/api/projects/settings';
import { ModalActions } from '@/components/ModalActions';

/**
 * Why a protected basemap stays empty (its service failed through the server's proxy), and for a
 * manager, when the service refused the stored credentials, the log-in of the protected map
 * service: a new username and password, kept on the server.
 */
export function BasemapProblem({
  projectId,
  basemap,
  problem,
  canManage,
}: {
  projectId: string;
  basemap: Basemap;
  problem: ApiError;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const login = problem.code === 'map_service_login';
  return (
    <>
      <Alert
        color="orange"
        variant="filled"
        icon={<IconLock size={18} />}
        role="alert"
        data-testid="basemap-problem"
        data-code={problem.code}
        p="xs"
        maw={420}
        style={{ overflowWrap: 'anywhere' }}
        title={basemap.name}
      >
        <Stack gap={6} align="flex-start">
          <Text size="sm">{problem.message}</Text>
          {login && canManage && (
            <Button
              size="compact-sm"
              variant="white"
              color="dark"
              maw="100%"
              h="auto"
              py={4}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              onClick={() => setOpen(true)}
              data-testid="basemap-login-open"
            >
              {t('basemaps.login.open')}
            </Button>
          )}
          {login && !canManage && <Text size="xs">{t('basemaps.login.askManager')}</Text>}
        </Stack>
      </Alert>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('basemaps.login.title')} centered>
        {open && <LoginForm projectId={projectId} basemap={basemap} onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function LoginForm({ projectId, basemap, onDone }: { projectId: string; basemap: Basemap; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveBasemap(projectId);
  const [username, setUsername] = useInputState(basemap.username);
  const [password, setPassword] = useInputState('');
  const [error, setError] = useState('');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    save.mutate(
      {
        basemapId: basemap.id,
        version: basemap.version,
        name: basemap.name,
        type: basemap.type,
        url: basemap.url,
        layers: basemap.layers,
        attribution: basemap.attribution,
        username: username.trim(),
        password,
      },
      {
        onSuccess: onDone,
        onError: (err) => setError(err instanceof ApiError ? err.message : t('errors.generic')),
      },
    );
  };
  return (
    <form onSubmit={submit} data-testid="basemap-login-form">
      <Stack gap="sm">
        <Text size="sm">{t('basemaps.login.text', { name: basemap.name })}</Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {basemap.url}
        </Text>
        <TextInput
          label={t('basemaps.username')}
          name="basemap_login_username"
          autoComplete="off"
          value={username}
          onChange={setUsername}
          data-autofocus
        />
        <PasswordInput
          label={t('basemaps.password')}
          name="basemap_login_password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          required
        />
        <Text size="xs" c="dimmed">
          {t('basemaps.login.kept')}
        </Text>
        <ModalActions
          error={error}
          onCancel={onDone}
          loading={save.isPending}
          submit={t('basemaps.login.submit')}
          submitTestId="basemap-login-submit"
        />
      </Stack>
    </form>
  );
}
