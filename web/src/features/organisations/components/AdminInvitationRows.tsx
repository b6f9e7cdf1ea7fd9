import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminInvitation } from '@/api/organisations/types';
import { ListRow, RemoveRowButton } from '@/components/RowList';
import { useRemoveAdministrator } from '../api/removeAdministrator';

/**
 * The open administrator invitations, by address only (whether it has an account is not told),
 * each withdrawable by the organisation's administrators.
 */
export function AdminInvitationRows({
  organisationId,
  invitations,
  editable,
  first,
}: {
  organisationId: string;
  invitations: AdminInvitation[];
  editable: boolean;
  first: boolean;
}) {
  const { t } = useTranslation();
  const remove = useRemoveAdministrator();
  const withdraw = (email: string) =>
    remove.mutate(
      { id: organisationId, userId: email },
      { onSuccess: () => notifications.show({ color: 'arbor', message: t('admins.withdrawn', { email }) }) },
    );
  return invitations.map((inv, i) => (
    <ListRow key={inv.email} first={first && i === 0} testId="admin-invitation-row" data-email={inv.email}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar color="gray" radius="xl" size={36}>
          <IconMailForward size={18} />
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {inv.email}
          </Text>
          <Badge size="xs" variant="outline" color="yellow" radius="sm" data-testid="admin-invited-badge">
            {t('admins.invited')}
          </Badge>
        </Stack>
      </Group>
      {editable && (
        <RemoveRowButton
          label={t('admins.withdraw')}
          name={inv.email}
          icon={IconX}
          loading={remove.isPending && remove.variables?.userId === inv.email}
          onClick={() => withdraw(inv.email)}
          testId="withdraw-admin-invitation"
        />
      )}
    </ListRow>
  ));
}
