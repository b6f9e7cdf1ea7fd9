import { FileInput } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ImportHistory } from './ImportHistory';

/** The wizard's first step: the file to import, and below it the project's earlier imports. */
export function FileStep({
  projectId,
  file,
  onFile,
  canUndo,
  onUndone,
}: {
  projectId: string;
  file: File | null;
  onFile: (file: File | null) => void;
  canUndo: boolean;
  onUndone?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FileInput
        label={t('import.file.label')}
        description={t('import.file.description')}
        placeholder={t('import.file.placeholder')}
        accept=".csv,.txt,.tsv,.xlsx,.geojson,.json,.gpkg,.zip"
        value={file}
        onChange={onFile}
        leftSection={<IconFileImport size={18} />}
        clearable
        data-testid="import-file"
      />
      <ImportHistory projectId={projectId} canUndo={canUndo} onUndone={onUndone} />
    </>
  );
}
