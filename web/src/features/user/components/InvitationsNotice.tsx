import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInvitations } from '../api/invitations';

/** On the home page: the user has open invitations, with the way to them (nothing when none). */
export function InvitationsNotice() {
  const { t } = useTranslation();
  const count = useInvitations().data?.length ?? 0;
  if (!count) return null;
  return (
    <Alert color="arbor" variant="light" icon={<IconMail size={18} />} data-testid="invitations-notice">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('invitations.open', { count })}</Text>
        <Anchor component={Link} to="/invitations" size="sm" fw={600} data-testid="invitations-link">
          {t('invitations.show')}
        </Anchor>
      </Group>
    </Alert>
  );
}
