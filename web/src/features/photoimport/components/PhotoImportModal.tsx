import { useState } from 'react';
import { Alert, Button, List, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { WizardDone } from '@/components/WizardDone';
import { WizardModal } from '@/components/WizardModal';
import { matchPhotos } from '../api/matchPhotos';
import type { PhotoRow } from '../api/types';
import { ChooseStep } from './ChooseStep';
import { MatchTable } from './MatchTable';
import { usePhotoRun } from './usePhotoRun';

/**
 * Photos from a walk through the park, attached to their trees in one go: choose them, see which
 * tree each found (by the number in its name or the place it was taken), then attach them with
 * a progress bar (docs/API.md "Importing photos").
 */
export function PhotoImportModal({
  projectId,
  opened,
  onClose,
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [photos, setPhotos] = useState<File[]>([]);
  const [radius, setRadius] = useState(15);
  const [checked, setChecked] = useState<number | null>(null);
  const [rows, setRows] = useState<PhotoRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const run = usePhotoRun(projectId, rows, setRows);

  const included = rows.filter((r) => r.include && r.match.target);
  const saved = rows.filter((r) => r.state === 'saved');
  const failed = rows.filter((r) => r.state === 'failed');
  const started = rows.some((r) => r.state !== 'waiting');

  const close = () => {
    if (run.running) return;
    setStep(0);
    setPhotos([]);
    setRows([]);
    setError(null);
    onClose();
  };
  const check = async () => {
    setError(null);
    setChecked(0);
    try {
      const matches = await matchPhotos(projectId, photos, radius, setChecked);
      setRows(matches.map((m, i) => ({ file: photos[i], match: m, include: !!m.target, state: 'waiting' })));
      setStep(1);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setChecked(null);
    }
  };
  const start = () => {
    setStep(2);
    void run.start();
  };

  return (
    <WizardModal
      opened={opened}
      onClose={close}
      title={t('photoImport.title')}
      modalTestId="photo-import"
      fullScreenBelow="40em"
      steps={[
        { label: t('photoImport.steps.choose') },
        { label: t('photoImport.steps.check') },
        { label: t('photoImport.steps.import') },
      ]}
      active={step}
      error={error}
      errorTestId="photo-import-error"
      back={step === 1 && { label: t('photoImport.back'), onClick: () => setStep(0) }}
      cancel={step < 2 && { label: t('photoImport.cancel'), onClick: close }}
      finish={
        step === 2 && !run.running && started && { label: t('photoImport.run.close'), testId: 'photo-import-close' }
      }
      actions={
        <>
          {step === 0 && (
            <Button
              onClick={() => void check()}
              disabled={!photos.length}
              loading={checked !== null}
              data-testid="photo-import-check"
            >
              {t('photoImport.choose.check')}
            </Button>
          )}
          {step === 1 && (
            <Button onClick={start} disabled={!included.length} data-testid="photo-import-start">
              {t('photoImport.check.import', { count: included.length })}
            </Button>
          )}
          {step === 2 && run.running && (
            <Button variant="default" onClick={run.stop} data-testid="photo-import-stop">
              {t('photoImport.run.stop')}
            </Button>
          )}
          {step === 2 && !run.running && (failed.length > 0 || run.stopped) && (
            <Button variant="default" onClick={() => void run.start()} data-testid="photo-import-retry">
              {t('photoImport.run.retry')}
            </Button>
          )}
        </>
      }
    >
      {step === 0 && (
        <ChooseStep photos={photos} onPhotos={setPhotos} radius={radius} onRadius={setRadius} checked={checked} />
      )}
      {step === 1 && (
        <>
          <Text size="sm" fw={500} data-testid="photo-import-summary">
            {rows.some((r) => r.match.target)
              ? t('photoImport.check.summary', {
                  found: rows.filter((r) => r.match.target).length,
                  total: rows.length,
                })
              : t('photoImport.check.none')}
          </Text>
          <MatchTable
            rows={rows}
            onInclude={(i, v) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, include: v } : r)))}
          />
        </>
      )}
      {step === 2 && (
        <RunProgress
          done={saved.length}
          failed={failed}
          total={included.length}
          running={run.running}
          stopped={run.stopped}
          objects={new Set(saved.map((r) => r.match.target!.id)).size}
        />
      )}
    </WizardModal>
  );
}

/** The run's progress, then what was attached and what failed, with the server's reason. */
function RunProgress({
  done,
  failed,
  total,
  running,
  stopped,
  objects,
}: {
  done: number;
  failed: PhotoRow[];
  total: number;
  running: boolean;
  stopped: boolean;
  objects: number;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="photo-import-run" data-running={running ? 'yes' : 'no'}>
      {running || stopped ? (
        <>
          <Progress value={(100 * (done + failed.length)) / Math.max(total, 1)} animated={running} size="lg" />
          <Text size="sm" data-testid="photo-import-progress">
            {t('photoImport.run.progress', { done, total })}
          </Text>
          {stopped && <Alert color="yellow">{t('photoImport.run.stopped')}</Alert>}
        </>
      ) : (
        <WizardDone title={t('photoImport.run.doneTitle')} testId="photo-import-done">
          <Text ta="center">{t('photoImport.run.done', { count: done, objects })}</Text>
        </WizardDone>
      )}
      {failed.length > 0 && !running && (
        <Alert color="red" data-testid="photo-import-failed">
          <Text size="sm" fw={500}>
            {t('photoImport.run.failed', { count: failed.length })}
          </Text>
          <List size="sm" mt={4}>
            {failed.map((r, i) => (
              <List.Item key={i}>
                {r.file.name}: {r.error}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
