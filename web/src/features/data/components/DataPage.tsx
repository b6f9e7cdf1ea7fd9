import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/features/shell/components/PageHeader';
import { useProjectContext } from '@/features/projects/components/ProjectLayout';
import { DataView } from './DataView';

/** The project's data view (/projects/:projectId/data); ?filter= a saved filter's id or filter JSON. */
export default function DataPage() {
  const { t } = useTranslation();
  const { project } = useProjectContext();
  return (
    <div data-testid="data-page" data-project={project.id}>
      <PageHeader title={t('data.title')} description={project.name} />
      <DataView project={project} />
    </div>
  );
}
