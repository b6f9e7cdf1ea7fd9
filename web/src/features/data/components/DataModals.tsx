import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { SavedFilter } from '../api/filters';
import { GaebExportModal } from '@/components/exports/GaebExportModal';
import { PdfExportModal } from '@/components/exports/PdfExportModal';
import { GisExportModal } from './GisExportModal';
import { followExport } from './ExportTaskNotice';
import type { CustomField } from '@/api/projects/settings';
import type { Filter } from '../filter';
import { MassEditModal } from './MassEditModal';
import { ShareFilterModal } from './ShareFilterModal';

export type DataModal = 'pdf' | 'gaeb' | 'gis' | 'mass' | 'share' | null;

interface Props {
  projectId: string;
  projectName: string;
  open: DataModal;
  onClose: () => void;
  /** The selected objects (ids), or none: the whole view. */
  ids: string[];
  filter: Filter;
  total: number | null;
  custom?: Record<string, CustomField>;
  /** The saved filter shown, to share. */
  loaded: SavedFilter | null;
  onShared: (f: SavedFilter) => void;
  /** After a mass edit: the selection starts over with the rows. */
  onMassEdited: () => void;
}

/** The data view's dialogs: PDF, GAEB and GIS export, mass edit, sharing the filter. */
export function DataModals(p: Props) {
  const { t } = useTranslation();
  const count = p.ids.length;
  return (
    <>
      <PdfExportModal
        projectId={p.projectId}
        opened={p.open === 'pdf'}
        onClose={p.onClose}
        source={{ kind: 'list', ids: p.ids }}
      />
      <GaebExportModal
        projectId={p.projectId}
        projectName={p.projectName}
        opened={p.open === 'gaeb'}
        onClose={p.onClose}
        source={
          count
            ? { kind: 'selection', filter: { ...p.filter, ids: p.ids }, count }
            : { kind: 'view', filter: { ...p.filter }, count: p.total ?? 0 }
        }
      />
      <GisExportModal
        projectId={p.projectId}
        projectName={p.projectName}
        opened={p.open === 'gis'}
        onClose={p.onClose}
        filter={count ? { ...p.filter, ids: p.ids } : { ...p.filter }}
        count={count || (p.total ?? 0)}
        selection={count > 0}
        onQueued={(task) => followExport(t, p.projectId, task)}
      />
      <MassEditModal
        projectId={p.projectId}
        ids={p.ids}
        opened={p.open === 'mass'}
        custom={p.custom}
        onClose={p.onClose}
        onDone={(n) => {
          p.onClose();
          notifications.show({ color: 'arbor', message: t('data.mass.done', { count: n }) });
          p.onMassEdited();
        }}
      />
      <ShareFilterModal
        projectId={p.projectId}
        filter={p.loaded}
        opened={p.open === 'share'}
        onClose={p.onClose}
        onShared={(f) => {
          p.onShared(f);
          p.onClose();
          notifications.show({ color: 'arbor', message: t('data.share.done', { list: f.shared_with.join(', ') }) });
        }}
      />
    </>
  );
}
