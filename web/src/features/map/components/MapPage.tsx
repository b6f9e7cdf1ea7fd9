import { lazy, Suspense } from 'react';
import { Badge, Box, CloseButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPlant2, IconPolygon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/features/shell/components/PageHeader';
import { useProjectContext } from '@/features/projects/components/ProjectLayout';
import { getTree } from '../api/map';
import { formatArea } from '../format';

// MapLibre, mapbox-gl-draw and turf live in their own chunk.
const MapPanel = lazy(() => import('./MapPanel'));

/** The short info of the tree or group opened with ?tree=<uuid>. */
function TreeCard({ projectId, id, onClose }: { projectId: string; id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const tree = useQuery({ queryKey: ['map', 'tree', projectId, id], queryFn: () => getTree(projectId, id) });
  const d = tree.data;
  const group = d ? d.single_tree === false || d.geom?.type === 'Polygon' : false;
  return (
    <Paper withBorder radius="lg" p="md" shadow="sm" data-testid="map-tree-card" data-tree={id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          {group ? <IconPolygon size={22} stroke={1.6} /> : <IconPlant2 size={22} stroke={1.6} />}
          <Stack gap={0}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
              {group ? t('map.info.group') : t('map.info.tree')}
            </Text>
            {tree.isLoading ? (
              <Loader size="xs" />
            ) : (
              <Text fw={700} size="lg" data-testid="map-tree-number">
                {d ? d.number_text || `${t('map.info.number')} ${d.number}` : '—'}
              </Text>
            )}
          </Stack>
        </Group>
        <CloseButton onClick={onClose} aria-label={t('map.info.close')} />
      </Group>
      {d && (
        <Group gap="xs" mt="xs">
          <Text size="sm" fs={d.species_botanical ? 'italic' : undefined}>
            {d.species_botanical || d.species || t('map.info.noSpecies')}
          </Text>
          {group && d.area ? (
            <Badge variant="light" color="gray">
              {formatArea(d.area, i18n.language)}
            </Badge>
          ) : null}
          {group && d.tree_count ? (
            <Badge variant="light" color="gray">
              {t('map.info.trees', { count: d.tree_count })}
            </Badge>
          ) : null}
        </Group>
      )}
    </Paper>
  );
}

/** The project map page (/projects/:projectId/map); ?tree=<uuid> opens a tree. */
export default function MapPage() {
  const { t } = useTranslation();
  const { project: p } = useProjectContext();
  const [params, setParams] = useSearchParams();
  const tree = params.get('tree');
  const openTree = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('tree', id);
        else next.delete('tree');
        return next;
      },
      { replace: !!tree },
    );
  return (
    <Stack gap="md" data-testid="map-page">
      <PageHeader title={t('map.title')} description={p.name} />
      <Box pos="relative">
        {tree && (
          <Box pos="absolute" top={60} right={12} w={300} style={{ zIndex: 5 }}>
            <TreeCard projectId={p.id} id={tree} onClose={() => openTree(null)} />
          </Box>
        )}
        <Suspense
          fallback={
            <Box h="calc(100vh - 260px)" mih={480}>
              <Loader size="sm" />
            </Box>
          }
        >
          <MapPanel
            projectId={p.id}
            role={p.role}
            readOnly={p.terminated}
            height="max(480px, calc(100vh - 260px))"
            onOpenTree={openTree}
          />
        </Suspense>
      </Box>
    </Stack>
  );
}
