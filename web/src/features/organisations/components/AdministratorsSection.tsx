import { Avatar, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/api/auth/getSession';
import { MutationConfirm, useConfirmTarget } from '@/components/MutationConfirm';
import { SettingsSection } from '@/components/SettingsSection';
import { AddRowButton, ListRow, ListSkeleton, RemoveRowButton, RowList } from '@/components/RowList';
import { initials } from '@/lib/initials';
import { useAdministrators } from '../api/getAdministrators';
import { useRemoveAdministrator } from '../api/removeAdministrator';
import type { Organisation, Person } from '@/api/organisations/types';
import { canEditOrganisation } from '@/api/organisations/organisation';
import { AddAdministratorModal } from './AddAdministratorModal';
import { AdminInvitationRows } from './AdminInvitationRows';

/**
 * The organisation's administrators and open invitations: invite by e-mail, withdraw an
 * invitation, remove with a confirmation (administrators only).
 */
export function AdministratorsSection({ organisation: o }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const me = useSession().data?.user.id;
  const admins = useAdministrators(o.id);
  const remove = useRemoveAdministrator();
  const editable = canEditOrganisation(o);
  const [adding, { open: openAdd, close: closeAdd }] = useDisclosure(false);
  const removing = useConfirmTarget(
    remove,
    (a: Person) => ({ id: o.id, userId: a.id }),
    (a) => t('admins.removed', { name: `${a.firstName} ${a.lastName}`.trim() }),
  );

  return (
    <SettingsSection title={t('admins.heading')} text={t('admins.text')} testId="administrators">
      <Stack gap="md">
        {admins.isPending ? (
          <ListSkeleton h={40} />
        ) : (
          <RowList testId="admin-list">
            {(admins.data?.admins ?? []).map((a, i) => {
              const name = `${a.firstName} ${a.lastName}`.trim();
              return (
                <ListRow key={a.id} first={i === 0} testId="admin-row" data-email={a.email}>
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Avatar color="arbor" radius="xl" size={36}>
                      {initials(a.firstName, a.lastName)}
                    </Avatar>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {name || a.email}
                        {a.id === me && (
                          <Text span size="xs" c="dimmed" fw={400}>
                            {' '}
                            ({t('common.you')})
                          </Text>
                        )}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {a.email}
                      </Text>
                    </Stack>
                  </Group>
                  {editable && (
                    <RemoveRowButton
                      label={t('admins.remove')}
                      name={name || a.email}
                      icon={IconUserMinus}
                      onClick={() => removing.ask(a)}
                      testId="remove-admin"
                    />
                  )}
                </ListRow>
              );
            })}
            <AdminInvitationRows
              organisationId={o.id}
              invitations={admins.data?.invitations ?? []}
              editable={editable}
              first={!admins.data?.admins.length}
            />
          </RowList>
        )}
        {editable && <AddRowButton label={t('admins.add')} icon={IconUserPlus} onClick={openAdd} testId="add-admin" />}
      </Stack>
      <AddAdministratorModal organisationId={o.id} opened={adding} onClose={closeAdd} />
      <MutationConfirm
        {...removing.confirm}
        title={t('admins.removeTitle')}
        confirmLabel={t('admins.remove')}
        testId="remove-admin-modal"
      >
        {t('admins.removeText', {
          name: removing.target
            ? `${removing.target.firstName} ${removing.target.lastName}`.trim() || removing.target.email
            : '',
          organisation: o.name,
        })}
      </MutationConfirm>
    </SettingsSection>
  );
}
