import { Outlet, useParams } from 'react-router';
import { useCrumbLabel } from '@/lib/crumbs';
import { PageLoadError, PageSkeleton } from '@/components/PageStates';
import { useEnterProject } from '../api/enterProject';
import { useProject } from '@/api/projects/getProject';

/** Enters the project (scoped session) and loads it for the project page and its settings. */
export default function ProjectLayout() {
  const { projectId = '' } = useParams();
  const entered = useEnterProject(projectId);
  const project = useProject(projectId, entered.isSuccess);
  useCrumbLabel(`/projects/${projectId}`, project.data?.name);

  const error = entered.error ?? project.error;
  if (error) return <PageLoadError error={error} kind="project" />;
  if (!project.data) return <PageSkeleton blocks={[96, 300]} />;
  return <Outlet context={{ project: project.data }} />;
}
