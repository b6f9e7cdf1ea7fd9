import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/ConfirmModal';
import { useRemoveFromJob } from '../api/removeFromJob';
import type { JobSelection } from '@/api/jobs/types';

/**
 * "Remove from job": confirms, then removes the selection (trees with their works, or single
 * works); a refusal (status, lock, role) shows the server's message inside.
 */
export function RemoveFromJobModal({
  projectId,
  job,
  selection,
  what,
  opened,
  onClose,
  onDone,
}: {
  projectId: string;
  job: { id: string; name: string };
  selection: JobSelection;
  /** What is removed, in words ("tree 12 and its works in the job"). */
  what: string;
  opened: boolean;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const remove = useRemoveFromJob();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={opened}
      title={t('jobs.remove.title')}
      confirmLabel={t('jobs.remove.confirm')}
      loading={remove.isPending}
      error={remove.error?.message ?? null}
      onConfirm={() =>
        remove.mutate(
          { projectId, job: job.id, selection },
          {
            onSuccess: (a) => {
              notifications.show({ color: 'arbor', message: t('jobs.remove.removed', { count: a.changed }) });
              remove.reset();
              onDone?.();
              onClose();
            },
          },
        )
      }
      onClose={close}
      testId="remove-from-job"
    >
      {t('jobs.remove.text', { what, job: job.name })}
    </ConfirmModal>
  );
}
