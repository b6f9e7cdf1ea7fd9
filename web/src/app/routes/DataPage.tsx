import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { useProjectContext } from '@/hooks/useProjectContext';
import { AddToJobModal } from '@/features/jobs/components/AddToJobModal';
import type { JobSelection } from '@/api/jobs/types';
import { DataView } from '@/features/data/components/DataView';
import { ImportWizard } from '@/features/import/components/ImportWizard';
import { PhotoImportModal } from '@/features/photoimport/components/PhotoImportModal';
import { useProjectSettings } from '@/api/projects/settings';

/** The project's data view (/projects/:projectId/data); ?filter= a saved filter's id or filter JSON. */
export default function DataPage() {
  const { t } = useTranslation();
  const { project } = useProjectContext();
  // What "Add to job" takes: the selected rows, or with none selected everything the filter shows.
  const [toJob, setToJob] = useState<JobSelection | null>(null);
  const [importing, setImporting] = useState(false);
  const [importingPhotos, setImportingPhotos] = useState(false);
  const [changes, setChanges] = useState(0);
  const settings = useProjectSettings(project.id);
  // Managers and editors add tree data, so they import it (the server's permission table says so too).
  const canImport = (project.role === 'manager' || project.role === 'editor') && !project.terminated;
  return (
    <div data-testid="data-page" data-project={project.id}>
      <PageHeader title={t('data.title')} description={project.name} />
      <DataView
        project={project}
        onAddToJob={(ids, filter) => setToJob(ids.length ? { ids } : { filter })}
        onImport={canImport ? () => setImporting(true) : undefined}
        onImportPhotos={canImport ? () => setImportingPhotos(true) : undefined}
        changes={changes}
      />
      <ImportWizard
        projectId={project.id}
        opened={importing}
        onClose={() => setImporting(false)}
        custom={settings.data?.custom_fields}
        canUndo={project.role === 'manager'}
        onChanged={() => setChanges((n) => n + 1)}
      />
      <PhotoImportModal projectId={project.id} opened={importingPhotos} onClose={() => setImportingPhotos(false)} />
      <AddToJobModal
        projectId={project.id}
        selection={toJob ?? {}}
        opened={toJob !== null}
        onClose={() => setToJob(null)}
      />
    </div>
  );
}
