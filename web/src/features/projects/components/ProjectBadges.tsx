import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accessColor, accessLabelKey, accessOfRole } from '@/api/projects/access';

/** My role in a project, named by its access level (Management, View, Edit, Care). */
export function ProjectRoleBadge({
  role,
  size = 'sm',
}: {
  role: string | undefined | null;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const level = accessOfRole(role);
  if (level === undefined) return null;
  return (
    <Badge
      variant="light"
      color={accessColor(level)}
      radius="sm"
      size={size}
      data-testid="project-role"
      data-role={role}
    >
      {t(accessLabelKey(level))}
    </Badge>
  );
}

/** An access level, as in the members and assignments tables. */
export function AccessBadge({ access }: { access: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={accessColor(access)} radius="sm" data-testid="access-badge" data-access={access}>
      {t(accessLabelKey(access))}
    </Badge>
  );
}
