import { useMemo, useState } from 'react';
import { Alert, Box, Button, Group, Paper, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { useTranslation } from 'react-i18next';
import { useElementSize } from '@mantine/hooks';
import { ApiError } from '@/lib/api';
import { PdfExportModal } from '@/components/exports/PdfExportModal';
import { useProject } from '@/api/projects/getProject';
import { useProjectSettings } from '@/api/projects/settings';
import { useContentLists } from '@/api/trees/getContentLists';
import { useTree } from '../api/getTree';
import { treeLabel, treePermissions } from '@/lib/trees/tree';
import { ActionsTab } from './ActionsTab';
import { DocumentsTab } from './FilesTab';
import { ImagesTab } from './ImagesTab';
import { useFiles, type FileOwner } from '@/api/documents/documents';
import { GeneralTab } from './GeneralTab';
import { HistoryTab } from './HistoryTab';
import { RatingTab } from './RatingTab';
import { TreeHeader } from './info/TreeHeader';
import { TreeTabList } from './info/TreeTabList';

export interface TreeInfoWindowProps {
  projectId: string;
  /** The tree's or group's UUID. */
  treeId: string;
  onClose: () => void;
  /** Something of the object changed (for the map to redraw). */
  onChanged?: () => void;
  /** The object was deleted. */
  onDeleted?: () => void;
  /**
   * The caller's role and whether the organisation is read-only, when known without reading the
   * project: a job session's participant works on the job's objects without access to the project.
   */
  access?: { role: string; terminated: boolean };
}

/**
 * The info window of a tree or group (docs/PRODUCT.md §2): opened from the map, the table or ?tree=<uuid>.
 * It fills the height its parent gives it and scrolls inside.
 */
export function TreeInfoWindow({ projectId, treeId: id, onClose, onChanged, onDeleted, access }: TreeInfoWindowProps) {
  const { t } = useTranslation();
  const tree = useTree(projectId, id);
  const project = useProject(projectId, !access);
  const settings = useProjectSettings(projectId);
  const lists = useContentLists(projectId);
  const [tab, setTab] = useState<string>('general');
  // Below this width six labels no longer fit side by side (German words break into pieces):
  // the tabs show their icons, and their names as tooltips.
  const { ref: sizeRef, width } = useElementSize();
  const iconsOnly = width > 0 && width < 420;
  const d = tree.data;
  const group = d ? !d.single_tree : false;
  const perms = access
    ? treePermissions(access.role, access.terminated)
    : treePermissions(project.data?.role, project.data?.terminated ?? true);
  const species = d ? lists.data?.species.find((s) => s.id === d.species) : undefined;
  const missing = tree.error instanceof ApiError && tree.error.status === 404;
  const owner = useMemo<FileOwner | null>(
    () => (d ? { kind: 'object', projectId, objectType: d.single_tree ? 'tree' : 'group', objectId: d.id } : null),
    [projectId, d?.id, d?.single_tree], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const files = useFiles(owner);
  const photos = files.data?.documents.filter((f) => f.kind === 'photo') ?? [];
  const documents = files.data?.documents.filter((f) => f.kind !== 'photo') ?? [];
  const mayEditFiles = !!files.data?.may_edit && !project.data?.terminated;
  const counts: Record<string, number | undefined> = { images: files.data?.photos, documents: files.data?.files };
  // docs/PRODUCT.md §6: readers cannot export.
  const role = access?.role ?? project.data?.role;
  const mayExport = role === 'manager' || role === 'editor' || role === 'care';
  const [pdfOpen, setPdfOpen] = useState(false);
  const tabProps = { projectId, perms, settings: settings.data, lists: lists.data, onChanged };

  return (
    <Paper
      ref={sizeRef}
      withBorder
      radius="lg"
      shadow="md"
      h="100%"
      data-testid="map-tree-card"
      data-tree={id}
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      role="complementary"
      aria-label={group ? t('map.info.group') : t('map.info.tree')}
    >
      <TreeHeader
        tree={d}
        loading={tree.isLoading}
        label={d ? treeLabel(d, !!project.data?.show_number_text, t('map.info.number')) : ''}
        species={species}
        terminated={!!project.data?.terminated}
        mayExport={mayExport}
        onPdf={() => setPdfOpen(true)}
        onClose={onClose}
      />

      {missing && (
        <Stack p="md" gap="sm" data-testid="tree-missing">
          <Alert color="gray" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('trees.missing')}
          </Alert>
          <Group>
            <Button variant="default" onClick={onClose}>
              {t('map.info.close')}
            </Button>
          </Group>
        </Stack>
      )}
      {tree.isError && !missing && (
        <ErrorAlert m="md">{tree.error instanceof ApiError ? tree.error.message : t('errors.generic')}</ErrorAlert>
      )}
      {tree.isLoading && (
        <Stack p="md" gap="sm">
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      )}

      {d && (
        <Tabs
          value={tab}
          onChange={(v) => v && setTab(v)}
          keepMounted={false}
          style={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}
        >
          <TreeTabList iconsOnly={iconsOnly} counts={counts} />
          <Box style={{ flex: 1, overflowY: 'auto', minHeight: 0 }} px="md" pt="md" data-testid="tree-panel-scroll">
            {/* General stays mounted so that unsaved changes survive a look at another tab. */}
            <Box role="tabpanel" hidden={tab !== 'general'}>
              <GeneralTab
                projectId={projectId}
                project={project.data}
                settings={settings.data}
                lists={lists.data}
                tree={d}
                perms={perms}
                onChanged={onChanged}
                onDeleted={onDeleted ?? onClose}
              />
            </Box>
            <Tabs.Panel value="rating">
              <RatingTab tree={d} {...tabProps} />
            </Tabs.Panel>
            <Tabs.Panel value="actions">
              <ActionsTab tree={d} {...tabProps} />
            </Tabs.Panel>
            <Tabs.Panel value="images">
              {owner && <ImagesTab owner={owner} photos={photos} loading={files.isLoading} mayEdit={mayEditFiles} />}
            </Tabs.Panel>
            <Tabs.Panel value="documents">
              {owner && (
                <DocumentsTab owner={owner} files={documents} loading={files.isLoading} mayEdit={mayEditFiles} />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="history">
              <HistoryTab projectId={projectId} treeId={d.id} lists={lists.data} settings={settings.data} />
            </Tabs.Panel>
          </Box>
        </Tabs>
      )}
      {d && (
        <PdfExportModal
          projectId={projectId}
          opened={pdfOpen}
          onClose={() => setPdfOpen(false)}
          source={{
            kind: 'tree',
            id: d.id,
            label: treeLabel(d, !!project.data?.show_number_text, t('map.info.number')),
          }}
        />
      )}
    </Paper>
  );
}
