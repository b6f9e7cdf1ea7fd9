import { Alert, Button, FileInput, Group, Modal, Stack, Stepper, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconFileImport } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInspectImport } from '../api/inspectImport';
import { useRunImport } from '../api/runImport';
import type { ImportColumn, ImportInspection, ImportResult } from '../api/types';
import { mappingGap } from '../mapping';
import { ColumnsStep } from './ColumnsStep';
import { ImportHistory } from './ImportHistory';
import { PreviewStep } from './PreviewStep';

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
 * until then), the import of the whole file in one transaction.
 */
export function ImportWizard({ projectId, opened, onClose, custom, canUndo = false, onChanged }: ImportWizardProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [inspection, setInspection] = useState<ImportInspection | null>(null);
  const [mapping, setMapping] = useState<ImportColumn[]>([]);
  const [srid, setSrid] = useState<number | null>(null);
  const [nextFree, setNextFree] = useState(false);
  const [addSpecies, setAddSpecies] = useState(false);
  const [speciesMap, setSpeciesMap] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const inspect = useInspectImport(projectId);
  const run = useRunImport(projectId);
  const error = (inspect.error ?? run.error) as Error | null;

  const close = () => {
    setStep(0);
    setFile(null);
    setInspection(null);
    setPreview(null);
    setDone(null);
    setNextFree(false);
    setAddSpecies(false);
    setSpeciesMap({});
    inspect.reset();
    run.reset();
    onClose();
  };
  const read = async (sheet?: string) => {
    if (!file) return;
    const ins = await inspect.mutateAsync({ file, options: sheet ? { sheet } : {} });
    setInspection(ins);
    setSpeciesMap({});
    setMapping(ins.suggested);
    setSrid(ins.detected.srid ?? ins.crs[0]?.srid ?? null);
    setStep(1);
  };
  const options = (dryRun: boolean, free = nextFree, species = addSpecies) => ({
    mapping,
    srid: srid ?? undefined,
    next_free_numbers: free,
    add_species: species,
    species_map: speciesMap,
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
    const res = await run.mutateAsync({ file, options: options(false) });
    if (res.written) {
      onChanged?.();
      setDone(res);
      setStep(3);
    } else setPreview(res);
  };
  const ready =
    !!preview &&
    preview.problems.length === 0 &&
    (addSpecies || preview.unknown_species.every((s) => speciesMap[s.name])) &&
    preview.rows > 0;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('import.title')}
      size="xl"
      fullScreen={phone}
      data-testid="import-wizard"
    >
      <Stepper active={step} size="sm" allowNextStepsSelect={false} mb="lg">
        <Stepper.Step label={t('import.steps.file')} />
        <Stepper.Step label={t('import.steps.columns')} />
        <Stepper.Step label={t('import.steps.preview')} />
        <Stepper.Step label={t('import.steps.done')} />
      </Stepper>
      <Stack gap="md">
        {error && (
          <Alert color="red" data-testid="import-error">
            {error.message}
          </Alert>
        )}
        {step === 0 && (
          <>
            <FileInput
              label={t('import.file.label')}
              description={t('import.file.description')}
              placeholder={t('import.file.placeholder')}
              accept=".csv,.txt,.tsv,.xlsx,.geojson,.json,.gpkg,.zip"
              value={file}
              onChange={setFile}
              leftSection={<IconFileImport size={18} />}
              clearable
              data-testid="import-file"
            />
            <ImportHistory projectId={projectId} canUndo={canUndo} onUndone={onChanged} />
          </>
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
        {step === 3 && done && file && (
          <Stack align="center" gap="xs" py="md" data-testid="import-done">
            <ThemeIcon size={48} radius="xl" color="green" variant="light">
              <IconCircleCheck size={30} />
            </ThemeIcon>
            <Text fw={600} size="lg">
              {t('import.done.title')}
            </Text>
            <Text ta="center">
              {t('import.done.text', { trees: done.trees, groups: done.groups, file: file.name })}
            </Text>
            {done.added_species > 0 && (
              <Text size="sm" c="dimmed">
                {t('import.done.added', { count: done.added_species })}
              </Text>
            )}
          </Stack>
        )}
        <Group justify="space-between" mt="sm">
          {step > 0 && step < 3 ? (
            <Button variant="default" onClick={() => setStep(step - 1)}>
              {t('import.back')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            {step < 3 && (
              <Button variant="subtle" onClick={close}>
                {t('import.cancel')}
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
                disabled={!srid || !!mappingGap(mapping, !!inspection?.geometry)}
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
                <Button onClick={commit} disabled={!ready} loading={run.isPending} data-testid="import-commit">
                  {t('import.preview.import', { count: preview ? preview.trees + preview.groups : 0 })}
                </Button>
              </>
            )}
            {step === 3 && (
              <Button onClick={close} data-testid="import-close">
                {t('import.done.close')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
