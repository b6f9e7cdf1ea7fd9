import { lazy, useState } from 'react';
import { Box, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTreeParam } from '@/hooks/useTreeParam';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { MapSuspense } from '@/components/MapSuspense';
import { useProjectContext } from '@/hooks/useProjectContext';
import { TreeInfoWindow } from '@/features/trees/components/TreeInfoWindow';

// MapLibre, mapbox-gl-draw and turf live in their own chunk.
const MapPanel = lazy(() => import('@/features/map/components/MapPanel'));

const HEIGHT = 'max(480px, calc(100vh - 260px))';

/** The project map page (/projects/:projectId/map); ?tree=<uuid> opens a tree in the side panel. */
export default function MapPage() {
  const { t } = useTranslation();
  const { project: p } = useProjectContext();
  const [changes, setChanges] = useState(0);
  // Beside the map on wide screens; over it where there is no room for both.
  const wide = useMediaQuery('(min-width: 75em)', true);
  const [tree, openTree] = useTreeParam();
  const panel = tree && (
    <TreeInfoWindow
      key={tree}
      projectId={p.id}
      treeId={tree}
      onClose={() => openTree(null)}
      onChanged={() => setChanges((n) => n + 1)}
      onDeleted={() => openTree(null)}
    />
  );
  return (
    <Stack gap="md" data-testid="map-page">
      <PageHeader title={t('map.title')} description={p.name} />
      <Group gap="md" align="stretch" wrap="nowrap" pos="relative">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <MapSuspense height={HEIGHT}>
            <MapPanel
              projectId={p.id}
              role={p.role}
              readOnly={p.terminated}
              height={HEIGHT}
              onOpenTree={openTree}
              onTreeRemoved={(id) => id === tree && openTree(null)}
              refreshKey={changes}
              focusTree={tree}
            />
          </MapSuspense>
        </Box>
        {panel && wide && (
          <Box w={440} h={HEIGHT} style={{ flex: 'none' }} data-testid="tree-side-panel">
            {panel}
          </Box>
        )}
        {panel && !wide && (
          <Box
            pos="absolute"
            top={8}
            right={8}
            bottom={8}
            w="min(440px, calc(100% - 16px))"
            style={{ zIndex: 7 }}
            data-testid="tree-side-panel"
          >
            {panel}
          </Box>
        )}
      </Group>
    </Stack>
  );
}
