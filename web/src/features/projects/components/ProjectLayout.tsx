import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCrumbLabel } from '@/lib/crumbs';
import { PageLoadError, PageSkeleton } from '@/components/PageStates';
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
  if (error)
    return (
      <PageLoadError
        error={error}
        notFound={{
          title: t('project.notFound'),
          text: t('project.notFoundText'),
          back: '/projects',
          backLabel: t('project.backToList'),
        }}
      />
    );
  if (!project.data) return <PageSkeleton blocks={[96, 300]} />;
  return <Outlet context={{ project: project.data }} />;
}
