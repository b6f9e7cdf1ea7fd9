import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { useProjectContext } from '@/hooks/useProjectContext';
import { AddToJobModal } from '@/features/jobs/components/AddToJobModal';
import type { JobSelection } from '@/api/jobs/types';
import { DataView } from '@/features/data/components/DataView';

/** The project's data view (/projects/:projectId/data); ?filter= a saved filter's id or filter JSON. */
export default function DataPage() {
  const { t } = useTranslation();
  const { project } = useProjectContext();
  // What "Add to job" takes: the selected rows, or with none selected everything the filter shows.
  const [toJob, setToJob] = useState<JobSelection | null>(null);
  return (
    <div data-testid="data-page" data-project={project.id}>
      <PageHeader title={t('data.title')} description={project.name} />
      <DataView project={project} onAddToJob={(ids, filter) => setToJob(ids.length ? { ids } : { filter })} />
      <AddToJobModal
        projectId={project.id}
        selection={toJob ?? {}}
        opened={toJob !== null}
        onClose={() => setToJob(null)}
      />
    </div>
  );
}
