import { useTranslation } from 'react-i18next';
import { useDeleteJob } from '../api/deleteJob';
import { MutationConfirm } from '@/components/MutationConfirm';
import type { Job } from '@/api/jobs/types';

/** "Delete job": confirms; a job in progress, completed or held by someone else is refused with the server's message. */
export function DeleteJobModal({
  job,
  opened,
  onClose,
  onDeleted,
}: {
  job: Pick<Job, 'id' | 'name' | 'project'>;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const del = useDeleteJob();
  return (
    <MutationConfirm
      mutation={del}
      input={{ projectId: job.project, jobId: job.id }}
      done={() => t('jobs.delete.deleted', { name: job.name })}
      onDone={onDeleted}
      opened={opened}
      title={t('jobs.delete.title')}
      confirmLabel={t('jobs.delete.confirm')}
      onClose={onClose}
      testId="delete-job"
    >
      {t('jobs.delete.text', { name: job.name })}
    </MutationConfirm>
  );
}
