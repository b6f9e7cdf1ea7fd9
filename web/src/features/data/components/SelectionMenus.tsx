import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconChevronDown,
  IconDatabaseExport,
  IconDots,
  IconDownload,
  IconFileCode,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconMap2,
  IconTableExport,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExportKind } from '../useExcelExport';
import { MenuEntries, type MenuEntry } from './MenuEntries';

export interface ExportMenuProps {
  /** Selected objects, and those the filter shows (null while counting). */
  count: number;
  total: number | null;
  exporting: boolean;
  onExport: (what: ExportKind) => void;
  /** A file export that asks first (its modal): PDF, GAEB, GIS. */
  onExportFile: (kind: ExportFile) => void;
}

export type ExportFile = 'pdf' | 'gaeb' | 'gis';

/** What can be taken away: the selection (or, without one, the view) in each format, and the
 * whole project. */
export function ExportMenu({ count, total, exporting, onExport, onExportFile }: ExportMenuProps) {
  const { t } = useTranslation();
  const view: MenuEntry[] = [
    {
      icon: IconFileSpreadsheet,
      label: t('exports.excel'),
      testId: 'action-export',
      onClick: () => onExport('visible'),
    },
    {
      icon: IconTableExport,
      label: t('exports.excelAll'),
      testId: 'action-export-all-fields',
      onClick: () => onExport('all'),
    },
    {
      icon: IconFileTypePdf,
      label: t('exports.pdfItem'),
      testId: 'action-export-pdf',
      onClick: () => onExportFile('pdf'),
    },
    {
      icon: IconFileCode,
      label: t('exports.gaebItem'),
      testId: 'action-export-gaeb',
      onClick: () => onExportFile('gaeb'),
    },
    { icon: IconMap2, label: t('exports.gisItem'), testId: 'action-export-gis', onClick: () => onExportFile('gis') },
  ];
  const project: MenuEntry[] = [
    {
      icon: IconDatabaseExport,
      label: t('exports.excelProject'),
      testId: 'action-export-project',
      onClick: () => onExport('project'),
    },
  ];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          rightSection={<IconChevronDown size={12} />}
          disabled={!total}
          loading={exporting}
          data-testid="action-export-menu"
        >
          {t('exports.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {count ? t('data.export.selectionLabel', { count }) : t('data.export.viewLabel', { count: total ?? 0 })}
        </Menu.Label>
        <MenuEntries entries={view} />
        <Menu.Divider />
        <Menu.Label>{t('exports.projectLabel')}</Menu.Label>
        <MenuEntries entries={project} />
      </Menu.Dropdown>
    </Menu>
  );
}

export interface ViewMenuProps {
  total: number | null;
  /** The filter shows archived objects only, or objects of every state. */
  archivedView: boolean;
  mixedView: boolean;
  onArchiveView: (archive: boolean) => void;
}

/** A manager's actions on the whole view: archive or activate every object it shows. */
export function ViewMenu({ total, archivedView, mixedView, onArchiveView }: ViewMenuProps) {
  const { t } = useTranslation();
  const entries: MenuEntry[] = [];
  if (!archivedView) {
    entries.push({
      icon: IconArchive,
      label: t('data.archive.viewArchive', { count: total ?? 0 }),
      testId: 'action-archive-view',
      onClick: () => onArchiveView(true),
    });
  }
  if (archivedView || mixedView) {
    entries.push({
      icon: IconArchiveOff,
      label: t('data.archive.viewActivate', { count: total ?? 0 }),
      testId: 'action-activate-view',
      onClick: () => onArchiveView(false),
    });
  }
  return (
    <Menu position="bottom-end" withinPortal>
      {/* An icon with its name as tooltip: with the filter panel open, a labelled
          button put the actions on a third line. */}
      <Tooltip label={t('data.archive.view')}>
        <Menu.Target>
          <ActionIcon
            size={30}
            variant="default"
            disabled={!total}
            aria-label={t('data.archive.view')}
            data-testid="action-view"
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        <Menu.Label>{t('data.archive.view')}</Menu.Label>
        <MenuEntries entries={entries} />
      </Menu.Dropdown>
    </Menu>
  );
}
