import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/ConfirmModal';
import { useDeleteJob } from '../api/deleteJob';
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
    <ConfirmModal
      opened={opened}
      title={t('jobs.delete.title')}
      confirmLabel={t('jobs.delete.confirm')}
      loading={del.isPending}
      error={del.error?.message ?? null}
      onConfirm={() =>
        del.mutate(
          { projectId: job.project, jobId: job.id },
          {
            onSuccess: () => {
              notifications.show({ color: 'arbor', message: t('jobs.delete.deleted', { name: job.name }) });
              onDeleted();
            },
          },
        )
      }
      onClose={() => {
        del.reset();
        onClose();
      }}
      testId="delete-job"
    >
      {t('jobs.delete.text', { name: job.name })}
    </ConfirmModal>
  );
}
