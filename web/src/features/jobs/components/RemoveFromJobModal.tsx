import { useTranslation } from 'react-i18next';
import { useRemoveFromJob } from '../api/removeFromJob';
import { MutationConfirm } from '@/components/MutationConfirm';
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
  return (
    <MutationConfirm
      mutation={remove}
      input={{ projectId, job: job.id, selection }}
      done={(a) => t('jobs.remove.removed', { count: a.changed })}
      onDone={() => {
        onDone?.();
        onClose();
      }}
      opened={opened}
      title={t('jobs.remove.title')}
      confirmLabel={t('jobs.remove.confirm')}
      onClose={onClose}
      testId="remove-from-job"
    >
      {t('jobs.remove.text', { what, job: job.name })}
    </MutationConfirm>
  );
}
