import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuilding, IconCheck, IconClipboardList, IconMailOpened, IconTrees, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { PageHeader } from '@/components/PageHeader';
import { accessLabelKey } from '@/api/projects/access';
import { useAnswerInvitation, useInvitations, type MyInvitation } from '../api/invitations';

const icons = { organisation: IconBuilding, project: IconTrees, job: IconClipboardList };

/**
 * /invitations, where the link of an invitation e-mail leads: what the user's address is invited
 * to (administering an organisation, a project, a job), each to accept or decline. Nothing is
 * granted before accepting (docs/API.md "Invitations").
 */
export default function InvitationsPage() {
  const { t } = useTranslation();
  const invitations = useInvitations();
  const answer = useAnswerInvitation();

  const respond = (invitation: MyInvitation, accept: boolean) =>
    answer.mutate(
      { invitation, accept },
      {
        onSuccess: () =>
          notifications.show({
            color: 'arbor',
            icon: <IconCheck size={18} />,
            message: t(accept ? 'invitations.accepted' : 'invitations.declined', { name: invitation.name }),
          }),
      },
    );

  return (
    <Stack gap="xl" data-testid="invitations-page">
      <PageHeader title={t('invitations.heading')} description={t('invitations.text')} />
      {answer.error instanceof ApiError && (
        <Alert color="red" data-testid="invitation-error">
          {answer.error.message}
        </Alert>
      )}
      {invitations.isPending ? (
        <Loader color="arbor" type="dots" />
      ) : !invitations.data?.length ? (
        <Card padding="xl" data-testid="invitations-empty">
          <Group gap="sm" wrap="nowrap">
            <IconMailOpened size={22} color="var(--mantine-color-dimmed)" />
            <Text c="dimmed">{t('invitations.empty')}</Text>
          </Group>
        </Card>
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {invitations.data.map((inv) => {
            const Icon = icons[inv.kind];
            const busy = answer.isPending && answer.variables?.invitation.id === inv.id;
            return (
              <Card
                key={`${inv.kind}-${inv.id}`}
                component="li"
                padding="lg"
                data-testid="invitation"
                data-kind={inv.kind}
                data-name={inv.name}
              >
                <Group justify="space-between" gap="md" wrap="wrap">
                  <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 320px' }}>
                    <Icon size={28} stroke={1.5} color="var(--mantine-color-arbor-6)" style={{ flexShrink: 0 }} />
                    <Stack gap={4} style={{ minWidth: 0 }}>
                      <Text fw={600}>
                        {t(`invitations.${inv.kind}`, {
                          name: inv.name,
                          organisation: inv.organisation,
                          project: inv.project,
                        })}
                      </Text>
                      <Group gap="xs">
                        {inv.kind === 'project' && inv.access !== null && (
                          <Badge variant="light" color="arbor">
                            {t('invitations.access', { level: t(accessLabelKey(inv.access)) })}
                          </Badge>
                        )}
                        {inv.kind === 'job' && (
                          <Badge variant="light" color="arbor">
                            {t('invitations.role', { role: t(`jobs.roles.${inv.role}`) })}
                          </Badge>
                        )}
                        {inv.by && (
                          <Text size="sm" c="dimmed">
                            {t('invitations.by', { name: inv.by })}
                          </Text>
                        )}
                      </Group>
                    </Stack>
                  </Group>
                  <Group gap="sm">
                    <Button
                      variant="default"
                      leftSection={<IconX size={16} />}
                      disabled={busy}
                      onClick={() => respond(inv, false)}
                      data-testid="invitation-decline"
                    >
                      {t('invitations.decline')}
                    </Button>
                    <Button
                      leftSection={<IconCheck size={16} />}
                      loading={busy && answer.variables?.accept}
                      disabled={busy}
                      onClick={() => respond(inv, true)}
                      data-testid="invitation-accept"
                    >
                      {t('invitations.accept')}
                    </Button>
                  </Group>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
