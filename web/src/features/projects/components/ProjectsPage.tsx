import { Card } from '@mantine/core';
import { IconTrees } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { useProjects } from '@/api/projects/getProjects';
import { AddProjectButton } from './AddProjectButton';
import { ProjectTable } from './ProjectTable';
import { EmptyCard, ListSkeleton } from '@/components/ListStates';

/** All my projects, most recently opened first. */
export default function ProjectsPage() {
  const { t } = useTranslation();
  const projects = useProjects();
  return (
    <>
      <PageHeader title={t('titles.projects')} description={t('projects.subheading')} actions={<AddProjectButton />} />
      {projects.isPending ? (
        <ListSkeleton />
      ) : !projects.data?.length ? (
        <EmptyCard icon={IconTrees} title={t('empty.projects.title')} text={t('empty.projects.text')} />
      ) : (
        <Card padding={0} data-testid="project-list">
          <ProjectTable projects={projects.data} all />
        </Card>
      )}
    </>
  );
}
