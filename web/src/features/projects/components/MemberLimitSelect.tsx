import { Badge, Select } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useSavedFilters } from '@/api/filters/getSavedFilters';
import type { ProjectMember } from '@/api/projects/types';
import { useSetMemberLimit } from '../api/setMemberLimit';

const WHOLE = '';
// A limit set from a filter that has since been renamed or deleted keeps its own entry.
const CURRENT = '__current';

/**
 * What a member sees: the whole project or one of the saved filters (a district, say). The limit
 * keeps the filter's conditions as they were when it was chosen, under the filter's name.
 */
export function MemberLimitSelect({
  projectId,
  member,
  memberKey,
  name,
}: {
  projectId: string;
  member: ProjectMember;
  memberKey: string;
  name: string;
}) {
  const { t } = useTranslation();
  const filters = useSavedFilters(projectId);
  const setLimit = useSetMemberLimit();
  const saved = filters.data ?? [];
  const match = member.limited ? saved.find((f) => f.name === member.limit_name) : undefined;
  const value = !member.limited ? WHOLE : match ? match.id : CURRENT;
  const data = [
    { value: WHOLE, label: t('members.limit.whole') },
    ...(value === CURRENT ? [{ value: CURRENT, label: member.limit_name }] : []),
    ...saved.map((f) => ({ value: f.id, label: f.name })),
  ];
  return (
    <Select
      size="xs"
      allowDeselect={false}
      data={data}
      value={value}
      leftSection={member.limited ? <IconFilter size={14} /> : undefined}
      aria-label={t('members.limit.aria', { name })}
      disabled={setLimit.isPending || filters.isPending}
      data-testid="member-limit"
      onChange={(v) => {
        if (v === null || v === value || v === CURRENT) return;
        const chosen = saved.find((f) => f.id === v);
        setLimit.mutate(
          { id: projectId, member: memberKey, filter: chosen ? chosen.filter : null, name: chosen?.name ?? '' },
          {
            onSuccess: () =>
              notifications.show({
                color: 'arbor',
                message: chosen
                  ? t('members.limit.changed', { name, filter: chosen.name })
                  : t('members.limit.widened', { name }),
              }),
          },
        );
      }}
    />
  );
}

/** The limit as it reads for someone who may not change it. */
export function MemberLimitBadge({ member }: { member: ProjectMember }) {
  const { t } = useTranslation();
  return member.limited ? (
    <Badge
      variant="light"
      color="grape"
      leftSection={<IconFilter size={12} />}
      tt="none"
      data-testid="member-limit-badge"
    >
      {member.limit_name}
    </Badge>
  ) : (
    <Badge variant="light" color="gray" tt="none">
      {t('members.limit.whole')}
    </Badge>
  );
}
