import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useCrumbLabel } from '@/lib/crumbs';
import { NotFoundState } from '@/components/NotFoundState';
import { useEnterProject } from '../api/enterProject';
import { useProject } from '@/api/projects/getProject';

/** Enters the project (scoped session) and loads it for the project page and its settings. */
export default function ProjectLayout() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const entered = useEnterProject(projectId);
  const project = useProject(projectId, entered.isSuccess);
  useCrumbLabel(`/projects/${projectId}`, project.data?.name);

  const error = entered.error ?? project.error;
  if (error) {
    if (error instanceof ApiError && error.status === 404) {
      return (
        <NotFoundState
          title={t('project.notFound')}
          text={t('project.notFoundText')}
          back="/projects"
          backLabel={t('project.backToList')}
        />
      );
    }
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {error.message}
      </Alert>
    );
  }
  if (!project.data) {
    return (
      <Stack gap="lg" data-testid="loading">
        <Stack gap={8}>
          <Skeleton h={30} w={300} radius="sm" />
          <Skeleton h={16} w={200} radius="sm" />
        </Stack>
        <Skeleton h={96} radius="lg" />
        <Skeleton h={300} radius="lg" />
      </Stack>
    );
  }
  return <Outlet context={{ project: project.data }} />;
}
