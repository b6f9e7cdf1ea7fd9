import { IconFileCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { exportGaeb, type ExportFilter } from '@/api/exports/exports';
import { ExportModal } from './ExportModal';

/** What a tender is made of: a view or selection of the data view, or a job. */
export type GaebSource =
  | { kind: 'selection'; filter: ExportFilter; count: number }
  | { kind: 'view'; filter: ExportFilter; count: number }
  | { kind: 'job'; job: string; name: string };

/**
 * The GAEB export modal (docs/PRODUCT.md §2): the open works of a selection, a view or a job as a
 * bill of quantities in GAEB DA XML 3.3 (X83) that tendering software reads.
 */
export function GaebExportModal({
  projectId,
  projectName,
  source,
  opened,
  onClose,
}: {
  projectId: string;
  projectName: string;
  source: GaebSource;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const scope =
    source.kind === 'job'
      ? t('exports.gaeb.scopeJob', { name: source.name })
      : source.kind === 'selection'
        ? t('exports.gaeb.scopeSelection', { count: source.count })
        : t('exports.gaeb.scopeView', { count: source.count });
  return (
    <ExportModal
      kind="gaeb"
      title={t('exports.gaeb.title')}
      icon={IconFileCode}
      scope={scope}
      intro={t('exports.gaeb.intro')}
      contents={[t('exports.gaeb.positions'), t('exports.gaeb.quantities'), t('exports.gaeb.texts')]}
      note={t('exports.gaeb.note')}
      download={t('exports.gaeb.download')}
      make={() => exportGaeb(projectId, source.kind === 'job' ? { job: source.job } : { filter: source.filter })}
      file={{
        name: `${t('exports.gaeb.file')} ${source.kind === 'job' ? source.name : projectName}`,
        extension: 'x83',
      }}
      opened={opened}
      onClose={onClose}
    />
  );
}
