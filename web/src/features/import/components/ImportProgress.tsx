import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { WizardDone } from '@/components/WizardDone';
import type { ImportResult, ImportTask } from '../api/types';

/** How a queued import stands: ended, written (done), refused at the last check, or failed. */
export function importOutcome(task: ImportTask | undefined, t: TFunction) {
  const result = task?.state === 'done' ? (task.result as ImportResult | null | undefined) : null;
  return {
    ended: !!task && (task.state === 'done' || task.state === 'failed'),
    done: result?.written ? result : null,
    // Confirmed, but something changed since the check (a number taken meanwhile): its problems.
    rejected: result && !result.written ? result : null,
    failed: task?.state === 'failed' ? (task.result?.message ?? t('import.progress.failed')) : null,
  };
}

/**
 * The wizard's last step: the queued import's progress, then what it wrote, why it was refused
 * (with the way back to the check while the file is still there) or why it failed.
 */
export function ImportProgress({
  task,
  fileName,
  onToCheck,
}: {
  task: ImportTask | undefined;
  fileName?: string;
  onToCheck?: (rejected: ImportResult) => void;
}) {
  const { t } = useTranslation();
  const { ended, done, rejected, failed } = importOutcome(task, t);
  return (
    <>
      {!ended && (
        <Stack gap="xs" py="md" data-testid="import-progress">
          <Text fw={500}>{t(`import.progress.${task?.step || 'queued'}`, { rows: task?.result?.rows ?? 0 })}</Text>
          <Progress
            value={task ? (task.done / Math.max(task.total, 1)) * 100 : 0}
            animated
            striped
            size="lg"
            aria-label={t('import.progress.label')}
          />
          <Text size="sm" c="dimmed">
            {t('import.progress.leave')}
          </Text>
        </Stack>
      )}
      {rejected && (
        <Alert color="orange" data-testid="import-rejected">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('import.progress.rejected', { count: rejected.problems.length })}</Text>
            {onToCheck && (
              <Button size="xs" variant="default" onClick={() => onToCheck(rejected)}>
                {t('import.progress.toCheck')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {failed && (
        <Alert color="red" data-testid="import-failed">
          {failed}
        </Alert>
      )}
      {done && (
        <WizardDone title={t('import.done.title')} testId="import-done">
          <Text ta="center">
            {t('import.done.text', { trees: done.trees, groups: done.groups, file: done.file_name ?? fileName ?? '' })}
          </Text>
          {done.updated > 0 && (
            <Text ta="center" data-testid="import-done-updated">
              {t('import.done.updated', { count: done.updated })}
            </Text>
          )}
          {done.added_species > 0 && (
            <Text size="sm" c="dimmed">
              {t('import.done.added', { count: done.added_species })}
            </Text>
          )}
        </WizardDone>
      )}
    </>
  );
}
