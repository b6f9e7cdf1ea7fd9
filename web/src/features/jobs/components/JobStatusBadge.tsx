import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR } from '../job';
import type { JobStatus } from '@/api/jobs/types';

export function JobStatusBadge({ status, size = 'sm' }: { status: JobStatus; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLOR[status] ?? 'gray'}
      variant="light"
      radius="sm"
      size={size}
      data-testid="job-status"
      data-status={status}
    >
      {t(`jobs.statuses.${status}`)}
    </Badge>
  );
}
