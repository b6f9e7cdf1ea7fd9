import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconLock, IconMailForward, IconShare, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/api/auth/getSession';
import { CardHeading } from '@/components/CardHeading';
import { MutationConfirm, useConfirmTarget } from '@/components/MutationConfirm';
import { initials } from '@/lib/initials';
import { accessOptions, canManage, isAccessLevel } from '@/api/projects/access';
import { useProjectMembers } from '../api/getProjectMembers';
import { useRevokeMember } from '../api/revokeMember';
import { useSetMemberAccess } from '../api/setMemberAccess';
import type { Project, ProjectMember } from '@/api/projects/types';
import { AccessBadge } from './ProjectBadges';
import { ShareProjectModal } from './ShareProjectModal';
import { MemberLimitBadge, MemberLimitSelect } from './MemberLimitSelect';
import { HeadedTable } from '@/components/HeadedTable';

const memberKey = (m: ProjectMember) => m.userId ?? m.email;
const displayName = (m: ProjectMember) => `${m.firstName} ${m.lastName}`.trim() || m.email;

function MembersTable({ project: p }: { project: Project }) {
  const { t } = useTranslation();
  const me = useSession().data?.user.id;
  const members = useProjectMembers(p.id);
  const setAccess = useSetMemberAccess();
  const revoke = useRevokeMember();
  const [sharing, { open: openShare, close: closeShare }] = useDisclosure(false);
  const revoking = useConfirmTarget(
    revoke,
    (m: ProjectMember) => ({ id: p.id, member: memberKey(m) }),
    (m) => t('members.revoked', { name: displayName(m) }),
  );
  const editable = !p.terminated;
  const options = accessOptions(t);

  return (
    <Card padding="xl" data-testid="project-members">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <CardHeading title={t('members.heading')} text={`${t('members.text')} ${t('members.limit.hint')}`} maw={520} />
        {editable && (
          <Button leftSection={<IconShare size={16} />} onClick={openShare} data-testid="share-project">
            {t('members.shareButton')}
          </Button>
        )}
      </Group>
      {members.isPending ? (
        <Stack gap="xs" data-testid="loading">
          <Skeleton h={44} />
          <Skeleton h={44} />
        </Stack>
      ) : !members.data?.length ? (
        <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="members-empty">
          {t('members.empty')}
        </Text>
      ) : (
        <HeadedTable
          minWidth={620}
          highlightOnHover={false}
          verticalSpacing="sm"
          data-testid="members-table"
          columns={[
            { label: t('members.person') },
            { label: t('members.access'), w: 140 },
            { label: t('members.limit.column'), w: 200 },
            ...(editable ? [{ ariaLabel: t('members.actions'), w: 56 }] : []),
          ]}
        >
          {members.data.map((m) => {
            const self = !!me && m.userId === me;
            return (
              <Table.Tr key={memberKey(m)} data-testid="member-row" data-email={m.email} data-pending={m.pending}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar color={m.pending ? 'gray' : 'arbor'} radius="xl" size={34}>
                      {m.pending ? <IconMailForward size={16} /> : initials(m.firstName, m.lastName)}
                    </Avatar>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={600} truncate>
                          {displayName(m)}
                        </Text>
                        {self && (
                          <Text size="xs" c="dimmed">
                            ({t('common.you')})
                          </Text>
                        )}
                      </Group>
                      {m.pending ? (
                        <div>
                          <Badge size="xs" variant="outline" color="yellow" radius="sm" data-testid="pending-badge">
                            {t('members.pending')}
                          </Badge>
                        </div>
                      ) : (
                        <Text size="xs" c="dimmed" truncate>
                          {m.email}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {editable && !self ? (
                    <Select
                      size="xs"
                      allowDeselect={false}
                      data={options}
                      value={String(m.access)}
                      aria-label={`${t('members.access')}: ${displayName(m)}`}
                      disabled={setAccess.isPending}
                      data-testid="member-access"
                      onChange={(v) => {
                        const level = Number(v);
                        if (!isAccessLevel(level) || level === m.access) return;
                        setAccess.mutate(
                          { id: p.id, member: memberKey(m), access: level },
                          {
                            onSuccess: () =>
                              notifications.show({
                                color: 'arbor',
                                message: t('members.changed', { name: displayName(m) }),
                              }),
                          },
                        );
                      }}
                    />
                  ) : (
                    <AccessBadge access={m.access} />
                  )}
                </Table.Td>
                <Table.Td>
                  {m.pending ? (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  ) : editable && !self ? (
                    <MemberLimitSelect projectId={p.id} member={m} memberKey={memberKey(m)} name={displayName(m)} />
                  ) : (
                    <MemberLimitBadge member={m} />
                  )}
                </Table.Td>
                {editable && (
                  <Table.Td>
                    {!self && (
                      <Tooltip label={m.pending ? t('members.revokeInvitation') : t('members.revoke')} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${t('members.revoke')}: ${displayName(m)}`}
                          onClick={() => revoking.ask(m)}
                          data-testid="revoke-member"
                        >
                          <IconUserMinus size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </HeadedTable>
      )}
      <ShareProjectModal projectId={p.id} opened={sharing} onClose={closeShare} />
      <MutationConfirm
        {...revoking.confirm}
        title={revoking.target?.pending ? t('members.revokeInvitationTitle') : t('members.revokeTitle')}
        confirmLabel={revoking.target?.pending ? t('members.revokeInvitation') : t('members.revoke')}
        testId="revoke-modal"
      >
        {t('members.revokeText', { name: revoking.target ? displayName(revoking.target) : '', project: p.name })}
      </MutationConfirm>
    </Card>
  );
}

/** Users and access: managers see and change it; everyone else is told who can. */
export function ProjectMembers({ project: p }: { project: Project }) {
  const { t } = useTranslation();
  if (!canManage(p.role)) {
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="read-only-notice">
        {t('members.managersOnly')}
      </Alert>
    );
  }
  return <MembersTable project={p} />;
}
