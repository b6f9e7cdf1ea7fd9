import { Badge, CloseButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPlant2, IconPolygon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getTree } from '@/features/map/api/map';
import { formatArea } from '@/features/map/format';

export interface TreeInfoWindowProps {
  projectId: string;
  /** The tree's or group's UUID. */
  treeId: string;
  onClose: () => void;
}

/** The info window of a tree or group: opened from the map, the table or ?tree=<uuid>. */
export function TreeInfoWindow({ projectId, treeId: id, onClose }: TreeInfoWindowProps) {
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
