import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../api/confirm';
import { useSession } from '@/api/auth/getSession';
import { GuestCard } from '@/components/GuestCard';
import { useLinkParams } from '../useLinkParams';
import { Outcome } from './Outcome';

export default function ConfirmPage() {
  const { t } = useTranslation();
  const { email, token, missing } = useLinkParams();
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

  if (missing) {
    return (
      <GuestCard title={t('auth.confirmHeading')}>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t(missing)}
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
            {/* The server's message says what was confirmed and what follows; a heading above it
                would only say it twice. */}
            <Outcome
              icon={IconCircleCheck}
              title={confirm.data?.message || t('auth.confirmed')}
              titleSize={20}
              titleTestId="confirm-message"
            />
          </>
        ) : (
          <>
            <Outcome icon={IconAlertTriangle} color="red" title={t('auth.confirmFailed')} />
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
