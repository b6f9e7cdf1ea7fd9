import { useState } from 'react';
import { ActionIcon, Avatar, Button, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useSession } from '@/api/auth/getSession';
import { ConfirmModal } from '@/components/ConfirmModal';
import { SettingsSection } from '@/components/SettingsSection';
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
  const [removing, setRemoving] = useState<Person | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { id: o.id, userId: removing.id },
      {
        onSuccess: () => {
          notifications.show({
            color: 'arbor',
            message: t('admins.removed', { name: `${removing.firstName} ${removing.lastName}`.trim() }),
          });
          setRemoving(null);
        },
      },
    );
  };

  return (
    <SettingsSection title={t('admins.heading')} text={t('admins.text')} testId="administrators">
      <Stack gap="md">
        {admins.isPending ? (
          <Stack gap="sm">
            <Skeleton h={40} />
            <Skeleton h={40} />
          </Stack>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="admin-list">
            {(admins.data?.admins ?? []).map((a, i) => {
              const name = `${a.firstName} ${a.lastName}`.trim();
              return (
                <Group
                  key={a.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  py="sm"
                  style={i ? { borderTop: '1px solid var(--arbor-border)' } : undefined}
                  data-testid="admin-row"
                  data-email={a.email}
                >
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
                    <Tooltip label={t('admins.remove')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t('admins.remove')}: ${name || a.email}`}
                        onClick={() => {
                          remove.reset();
                          setRemoving(a);
                        }}
                        data-testid="remove-admin"
                      >
                        <IconUserMinus size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              );
            })}
            <AdminInvitationRows
              organisationId={o.id}
              invitations={admins.data?.invitations ?? []}
              editable={editable}
              first={!admins.data?.admins.length}
            />
          </Stack>
        )}
        {editable && (
          <Group justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconUserPlus size={16} />}
              onClick={openAdd}
              data-testid="add-admin"
            >
              {t('admins.add')}
            </Button>
          </Group>
        )}
      </Stack>
      <AddAdministratorModal
        organisationId={o.id}
        opened={adding}
        onClose={closeAdd}
        onAdded={(message) => {
          closeAdd();
          notifications.show({ color: 'arbor', message });
        }}
      />
      <ConfirmModal
        opened={!!removing}
        onClose={() => setRemoving(null)}
        title={t('admins.removeTitle')}
        confirmLabel={t('admins.remove')}
        loading={remove.isPending}
        error={remove.error instanceof ApiError ? remove.error.message : null}
        onConfirm={confirmRemove}
        testId="remove-admin-modal"
      >
        {t('admins.removeText', {
          name: removing ? `${removing.firstName} ${removing.lastName}`.trim() || removing.email : '',
          organisation: o.name,
        })}
      </ConfirmModal>
    </SettingsSection>
  );
}
