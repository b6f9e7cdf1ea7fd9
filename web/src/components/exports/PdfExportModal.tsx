import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { exportTreeList, exportTreePdf } from '@/api/exports/exports';
import { ExportModal } from './ExportModal';

/** What the PDF holds: one object's record, or a list of selected objects (1 to 100). */
export type PdfSource = { kind: 'tree'; id: string; label: string } | { kind: 'list'; ids: string[] };

/**
 * The PDF export modal (docs/PRODUCT.md §2): a tree's or group's record, or a list of 1 to 100
 * selected objects, in the person's language, each page linking back to the live record.
 */
export function PdfExportModal({
  projectId,
  source,
  opened,
  onClose,
}: {
  projectId: string;
  source: PdfSource;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const tree = source.kind === 'tree';
  return (
    <ExportModal
      kind="pdf"
      title={t('exports.pdf.title')}
      icon={IconFileTypePdf}
      iconColor="red"
      scope={
        tree
          ? t('exports.pdf.scopeTree', { label: source.label })
          : t('exports.pdf.scopeList', { count: source.ids.length })
      }
      intro={tree ? t('exports.pdf.introTree') : t('exports.pdf.introList')}
      contents={[t('exports.pdf.fields'), t('exports.pdf.inspections'), t('exports.pdf.map'), t('exports.pdf.link')]}
      note={t('exports.pdf.note')}
      download={t('exports.pdf.download')}
      make={() => (tree ? exportTreePdf(projectId, source.id) : exportTreeList(projectId, source.ids))}
      file={{
        name: tree ? `${t('exports.pdf.fileTree')} ${source.label}` : t('exports.pdf.fileList'),
        extension: 'pdf',
      }}
      opened={opened}
      onClose={onClose}
    />
  );
}
