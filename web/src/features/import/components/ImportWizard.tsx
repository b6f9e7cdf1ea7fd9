import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WizardModal } from '@/components/WizardModal';
import { useInspectImport } from '../api/inspectImport';
import { importKeys } from '../api/keys';
import { useImportTask, useOpenImports, useQueueImport, useRunImport } from '../api/runImport';
import type { ImportColumn, ImportInspection, ImportMatch, ImportResult } from '../api/types';
import { mappingGap } from '../mapping';
import { ColumnsStep } from './ColumnsStep';
import { FileStep } from './FileStep';
import { ImportProgress, importOutcome } from './ImportProgress';
import { PreviewStep } from './PreviewStep';

/** The wizard's steps: a file, its columns, the check, the import under way and done. */
const STEPS = ['file', 'columns', 'preview', 'done'] as const;

export interface ImportWizardProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  /** The project's custom fields (alias, active), which columns may become. */
  custom?: Record<string, { alias?: string; active?: boolean }>;
  /** Management may undo an import as a whole. */
  canUndo?: boolean;
  /** The project's objects changed (an import written or undone). */
  onChanged?: () => void;
}

/**
 * The import wizard: a file, what its columns become, a check of everything (nothing is written
 * until then), the import of the whole file in one transaction, done by the queue while the
 * wizard shows its progress; closed and opened again, it shows the import under way.
 */
export function ImportWizard({ projectId, opened, onClose, custom, canUndo = false, onChanged }: ImportWizardProps) {
  const { t } = useTranslation();
  const [chosenStep, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [inspection, setInspection] = useState<ImportInspection | null>(null);
  const [mapping, setMapping] = useState<ImportColumn[]>([]);
  const [srid, setSrid] = useState<number | null>(null);
  const [nextFree, setNextFree] = useState(false);
  const [addSpecies, setAddSpecies] = useState(false);
  const [speciesMap, setSpeciesMap] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [match, setMatch] = useState<ImportMatch>('');
  const [taskId, setTaskId] = useState<string | null>(null);
  const inspect = useInspectImport(projectId);
  const run = useRunImport(projectId);
  const queue = useQueueImport(projectId);
  const qc = useQueryClient();
  const open = useOpenImports(projectId, opened && !taskId);
  // An import under way when the wizard opens: shown, not an empty first step.
  const shownTask = taskId ?? open.data?.items[0]?.id ?? null;
  const step = shownTask ? 3 : chosenStep;
  const task = useImportTask(projectId, shownTask).data;
  const { ended, done } = importOutcome(task, t);
  useEffect(() => {
    if (done) onChanged?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done?.id]);
  const error = (inspect.error ?? run.error ?? queue.error) as Error | null;

  const close = () => {
    setStep(0);
    setFile(null);
    setInspection(null);
    setPreview(null);
    setTaskId(null);
    setMatch('');
    setNextFree(false);
    setAddSpecies(false);
    setSpeciesMap({});
    inspect.reset();
    run.reset();
    queue.reset();
    qc.removeQueries({ queryKey: importKeys.tasks(projectId) });
    onClose();
  };
  const read = async (sheet?: string) => {
    if (!file) return;
    const ins = await inspect.mutateAsync({ file, options: sheet ? { sheet } : {} });
    setInspection(ins);
    setSpeciesMap({});
    setMapping(ins.suggested);
    // A file read as an earlier one is matched as that one was (next year's re-import).
    setMatch(ins.reused?.match ?? '');
    setSrid(ins.detected.srid ?? ins.crs[0]?.srid ?? null);
    setStep(1);
  };
  const options = (dryRun: boolean, free = nextFree, species = addSpecies) => ({
    mapping,
    srid: srid ?? undefined,
    next_free_numbers: free,
    add_species: species,
    species_map: speciesMap,
    match,
    dry_run: dryRun,
    sheet: inspection?.detected.sheet,
  });
  const check = async (free = nextFree, species = addSpecies) => {
    if (!file) return;
    setPreview(await run.mutateAsync({ file, options: options(true, free, species) }));
    setStep(2);
  };
  const commit = async () => {
    if (!file) return;
    const { task } = await queue.mutateAsync({ file, options: options(false) });
    setTaskId(task.id);
    setStep(3);
  };
  const ready =
    !!preview &&
    preview.problems.length === 0 &&
    (addSpecies || preview.unknown_species.every((s) => speciesMap[s.name])) &&
    preview.rows > 0;

  return (
    <WizardModal
      opened={opened}
      onClose={close}
      title={t('import.title')}
      modalTestId="import-wizard"
      fullScreenBelow="48em"
      steps={STEPS.map((name) => ({ label: t(`import.steps.${name}`) }))}
      active={step}
      error={error?.message}
      errorTestId="import-error"
      back={step > 0 && step < 3 && { label: t('import.back'), onClick: () => setStep(step - 1) }}
      cancel={step < 3 && { label: t('import.cancel'), onClick: close }}
      finish={step === 3 && ended && { label: t('import.done.close'), testId: 'import-close' }}
      actions={
        <>
          {step === 3 && !ended && (
            <Button variant="default" onClick={close} data-testid="import-leave">
              {t('import.progress.close')}
            </Button>
          )}
          {step === 0 && (
            <Button onClick={() => read()} disabled={!file} loading={inspect.isPending} data-testid="import-read">
              {t('import.file.read')}
            </Button>
          )}
          {step === 1 && (
            <Button
              onClick={() => check()}
              disabled={!srid || !!mappingGap(mapping, !!inspection?.geometry, match)}
              loading={run.isPending}
              data-testid="import-check"
            >
              {t('import.columns.check')}
            </Button>
          )}
          {step === 2 && (
            <>
              <Button variant="default" onClick={() => check()} loading={run.isPending && !ready}>
                {t('import.preview.again')}
              </Button>
              <Button onClick={commit} disabled={!ready} loading={queue.isPending} data-testid="import-commit">
                {t('import.preview.import', {
                  count: preview ? preview.trees + preview.groups + (preview.updated ?? 0) : 0,
                })}
              </Button>
            </>
          )}
        </>
      }
    >
      {step === 0 && (
        <FileStep projectId={projectId} file={file} onFile={setFile} canUndo={canUndo} onUndone={onChanged} />
      )}
      {step === 1 && inspection && file && (
        <ColumnsStep
          fileName={file.name}
          inspection={inspection}
          mapping={mapping}
          onMapping={setMapping}
          srid={srid}
          onSrid={setSrid}
          onLayer={(layer) => void read(layer)}
          reading={inspect.isPending}
          custom={custom}
          match={match}
          onMatch={setMatch}
        />
      )}
      {step === 2 && preview && file && (
        <PreviewStep
          fileName={file.name}
          result={preview}
          nextFree={nextFree}
          onNextFree={(v) => {
            setNextFree(v);
            void check(v, addSpecies);
          }}
          addSpecies={addSpecies}
          onAddSpecies={setAddSpecies}
          speciesMap={speciesMap}
          onSpeciesMap={setSpeciesMap}
        />
      )}
      {step === 3 && (
        <ImportProgress
          task={task}
          fileName={file?.name}
          onToCheck={
            file
              ? (rejected) => {
                  setPreview(rejected);
                  setTaskId(null);
                  setStep(2);
                }
              : undefined
          }
        />
      )}
    </WizardModal>
  );
}
