import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Project } from '@/api/projects/types';

/** Above a project's settings that the viewer may not change: why (not a manager, or cancelled). */
export function ReadOnlyNotice({ project }: { project: Pick<Project, 'terminated'> }) {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="read-only-notice">
      {project.terminated ? t('project.terminated') : t('project.readOnly')}
    </Alert>
  );
}
