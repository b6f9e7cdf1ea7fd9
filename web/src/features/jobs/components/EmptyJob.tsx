import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconTrashX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MutationConfirm } from '@/components/MutationConfirm';
import { useResetJob } from '../api/resetJob';

/** "Remove all": empties an open job after a confirmation; the objects stay in the project. The
 *  button shows while the job holds items. */
export function EmptyJob({
  projectId,
  job,
  count,
}: {
  projectId: string;
  job: { id: string; name: string };
  /** How many items the job holds, for the question. */
  count: number;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const reset = useResetJob();
  return (
    <>
      {count > 0 && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrashX size={14} />}
          onClick={() => setOpened(true)}
          data-testid="empty-job"
        >
          {t('jobs.remove.all')}
        </Button>
      )}
      <MutationConfirm
        mutation={reset}
        input={{ projectId, job: job.id }}
        done={(a) => t('jobs.remove.removed', { count: a.changed })}
        onDone={() => setOpened(false)}
        opened={opened}
        title={t('jobs.remove.title')}
        confirmLabel={t('jobs.remove.confirm')}
        onClose={() => setOpened(false)}
        testId="empty-job-confirm"
      >
        {t('jobs.remove.text', { what: t('jobs.remove.allWhat', { count }), job: job.name })}
      </MutationConfirm>
    </>
  );
}
