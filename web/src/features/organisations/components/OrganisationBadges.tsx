import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusBadge } from '@/api/organisations/organisation';
import type { Organisation } from '@/api/organisations/types';

/** "Demo – N days left", "Demo expired" or "Cancelled". */
export function OrganisationStatusBadge({
  organisation,
}: {
  organisation: Pick<Organisation, 'status' | 'demo_days_left'>;
}) {
  const { t } = useTranslation();
  const s = statusBadge(organisation);
  return (
    <Badge
      variant="light"
      color={s.color}
      radius="sm"
      data-testid="organisation-status"
      data-status={organisation.status}
    >
      {t(s.key, { count: s.count })}
    </Badge>
  );
}

/** My roles in the organisation: administrator and/or member. */
export function OrganisationRoleBadges({ roles, inline }: { roles: string[]; inline?: boolean }) {
  const { t } = useTranslation();
  const badges = roles.map((r) => (
    <Badge
      key={r}
      variant="outline"
      color={r === 'admin' ? 'arbor' : 'gray'}
      radius="sm"
      data-testid="organisation-role"
    >
      {t(`organisations.roles.${r}`, { defaultValue: r })}
    </Badge>
  ));
  if (inline) return <>{badges}</>;
  return (
    <Group gap={6} data-testid="organisation-roles">
      {badges}
    </Group>
  );
}
