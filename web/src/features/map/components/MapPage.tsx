import { lazy, Suspense } from 'react';
import { Box, Loader, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/features/shell/components/PageHeader';
import { useProjectContext } from '@/features/projects/components/ProjectLayout';
import { TreeInfoWindow } from '@/features/trees/components/TreeInfoWindow';

// MapLibre, mapbox-gl-draw and turf live in their own chunk.
const MapPanel = lazy(() => import('./MapPanel'));

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
            <TreeInfoWindow projectId={p.id} treeId={tree} onClose={() => openTree(null)} />
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
