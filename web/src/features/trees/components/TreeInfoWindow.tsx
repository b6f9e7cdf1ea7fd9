import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  Indicator,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconClipboardCheck,
  IconFileText,
  IconFileTypePdf,
  IconHistory,
  IconInfoCircle,
  IconPhoto,
  IconPlant2,
  IconPolygon,
  IconTool,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useElementSize } from '@mantine/hooks';
import { ApiError } from '@/lib/api';
import { PdfExportModal } from '@/components/exports/PdfExportModal';
import { useProject } from '@/api/projects/getProject';
import { useProjectSettings } from '@/api/projects/settings';
import { useContentLists } from '@/api/trees/getContentLists';
import { useTree } from '../api/getTree';
import { stockState, treeLabel, treePermissions } from '@/lib/trees/tree';
import { ActionsTab } from './ActionsTab';
import { CheckClassBadge, SafetyBadge } from './badges';
import { DocumentsTab } from './FilesTab';
import { ImagesTab } from './ImagesTab';
import { useFiles, type FileOwner } from '@/api/documents/documents';
import { GeneralTab } from './GeneralTab';
import { HistoryTab } from './HistoryTab';
import { RatingTab } from './RatingTab';

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

const TABS = [
  { value: 'general', icon: IconInfoCircle },
  { value: 'rating', icon: IconClipboardCheck },
  { value: 'actions', icon: IconTool },
  { value: 'images', icon: IconPhoto },
  { value: 'documents', icon: IconFileText },
  { value: 'history', icon: IconHistory },
] as const;

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
  const state = d ? stockState(d) : 'stock';
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
      <Box p="md" pb="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon variant="light" size={40} radius="md" color={state === 'stock' ? 'arbor' : 'gray'}>
              {group ? <IconPolygon size={22} stroke={1.6} /> : <IconPlant2 size={22} stroke={1.6} />}
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
                {group ? t('map.info.group') : t('map.info.tree')}
              </Text>
              {tree.isLoading ? (
                <Skeleton h={24} w={120} mt={2} />
              ) : (
                <Text fw={700} size="lg" lh={1.2} data-testid="map-tree-number">
                  {d ? treeLabel(d, !!project.data?.show_number_text, t('map.info.number')) : '—'}
                </Text>
              )}
              {d && (
                <Text size="sm" c="dimmed" truncate data-testid="tree-species-line">
                  {species ? (
                    <>
                      <Text span fs="italic" inherit>
                        {species.botanical || species.name}
                      </Text>
                      {species.name && species.name !== species.botanical ? ` · ${species.name}` : ''}
                    </>
                  ) : (
                    d.species_botanical || t('map.info.noSpecies')
                  )}
                </Text>
              )}
            </Stack>
          </Group>
          <Group gap={4} wrap="nowrap">
            {d && mayExport && (
              <Tooltip label={t('exports.pdf.title')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => setPdfOpen(true)}
                  aria-label={t('exports.pdf.title')}
                  data-testid="tree-pdf"
                >
                  <IconFileTypePdf size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <CloseButton onClick={onClose} aria-label={t('map.info.close')} data-testid="tree-close" />
          </Group>
        </Group>
        {d && (
          <Group gap={6} mt="sm">
            <SafetyBadge value={d.action_security} checkClass={d.check_class} />
            <CheckClassBadge value={d.check_class} />
            {state !== 'stock' && (
              <Badge color={state === 'felled' ? 'orange' : 'gray'} variant="filled" data-testid="tree-state-badge">
                {t(`trees.stock.state.${state}`)}
              </Badge>
            )}
            {d.species_protection && (
              <Badge color="grape" variant="light">
                {t('trees.general.protected')}
              </Badge>
            )}
          </Group>
        )}
        {project.data?.terminated && (
          <Text size="xs" c="dimmed" mt="xs">
            {t('trees.readOnlyTerminated')}
          </Text>
        )}
      </Box>

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
        <Alert m="md" color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {tree.error instanceof ApiError ? tree.error.message : t('errors.generic')}
        </Alert>
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
          <Tabs.List grow px={4}>
            {TABS.map(({ value, icon: Icon }) => (
              <Tooltip key={value} label={t(`trees.tabs.${value}`)} disabled={!iconsOnly} withinPortal>
                <Tabs.Tab
                  value={value}
                  px={4}
                  py={iconsOnly ? 12 : 8}
                  data-testid={`tree-tab-${value}`}
                  aria-label={t(`trees.tabs.${value}`)}
                  style={{ minWidth: 0 }}
                >
                  <Stack gap={2} align="center" maw="100%">
                    <Indicator
                      label={counts[value]}
                      disabled={!counts[value]}
                      size={15}
                      offset={2}
                      color="gray"
                      data-testid={`tree-tab-count-${value}`}
                      data-count={counts[value] ?? 0}
                    >
                      <Icon size={iconsOnly ? 20 : 18} stroke={1.6} />
                    </Indicator>
                    {!iconsOnly && (
                      <Text
                        fz={10.5}
                        fw={500}
                        ta="center"
                        lh={1.15}
                        maw="100%"
                        style={{ whiteSpace: 'normal', hyphens: 'auto' }}
                      >
                        {t(`trees.tabs.${value}`)}
                      </Text>
                    )}
                  </Stack>
                </Tabs.Tab>
              </Tooltip>
            ))}
          </Tabs.List>
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
              <RatingTab
                projectId={projectId}
                tree={d}
                perms={perms}
                settings={settings.data}
                lists={lists.data}
                onChanged={onChanged}
              />
            </Tabs.Panel>
            <Tabs.Panel value="actions">
              <ActionsTab
                projectId={projectId}
                tree={d}
                perms={perms}
                settings={settings.data}
                lists={lists.data}
                onChanged={onChanged}
              />
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
