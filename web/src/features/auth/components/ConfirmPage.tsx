import { Alert, Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../api/confirm';
import { useSession } from '@/api/auth/getSession';
import { GuestCard } from '@/components/GuestCard';

export default function ConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const session = useSession();
  const confirm = useConfirm(email, token);
  const loggedIn = !!session.data;

  const next = loggedIn ? (
    <Button component={Link} to="/" size="md" fullWidth data-testid="confirm-next">
      {t('auth.goHome')}
    </Button>
  ) : (
    <Button
      component={Link}
      to={`/login?email=${encodeURIComponent(email)}`}
      size="md"
      fullWidth
      data-testid="confirm-next"
    >
      {t('auth.toLogin')}
    </Button>
  );

  if (!email || !token) {
    return (
      <GuestCard title={t('auth.confirmHeading')}>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {email ? t('errors.tokenMissing') : t('errors.emailMissing')}
        </Alert>
        {next}
      </GuestCard>
    );
  }

  return (
    <GuestCard>
      <Stack align="center" ta="center" gap="md" py="md" data-testid="confirm-result" data-state={confirm.status}>
        {confirm.isPending ? (
          <>
            <Loader color="arbor" />
            <Text c="dimmed">{t('auth.confirming')}</Text>
          </>
        ) : confirm.isSuccess ? (
          <>
            <ThemeIcon size={64} radius="xl" variant="light" color="arbor">
              <IconCircleCheck size={36} stroke={1.6} />
            </ThemeIcon>
            {/* The server's message says what was confirmed and what follows; a heading above it
                would only say it twice. */}
            <Text fz={20} fw={650} data-testid="confirm-message">
              {confirm.data?.message || t('auth.confirmed')}
            </Text>
          </>
        ) : (
          <>
            <ThemeIcon size={64} radius="xl" variant="light" color="red">
              <IconAlertTriangle size={36} stroke={1.6} />
            </ThemeIcon>
            <Text fz={22} fw={650}>
              {t('auth.confirmFailed')}
            </Text>
            <Text c="dimmed" size="sm" data-testid="confirm-message">
              {confirm.error?.message}
            </Text>
          </>
        )}
        {!confirm.isPending && next}
      </Stack>
    </GuestCard>
  );
}
