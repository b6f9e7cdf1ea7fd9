import { ActionIcon, Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Legend as LegendData, LegendItem } from '../legend';

function Swatch({ color, kind }: { color: string; kind: LegendItem['kind'] | 'circle' }) {
  if (kind === 'line' || kind === 'fill') {
    return (
      <Box
        w={16}
        h={12}
        style={{ border: `2px dashed ${color}`, background: `${color}22`, borderRadius: 3, flex: 'none' }}
      />
    );
  }
  if (kind === 'ring') {
    return <Box w={14} h={14} style={{ border: `2px solid ${color}`, borderRadius: '50%', flex: 'none' }} />;
  }
  return (
    <Box
      w={12}
      h={12}
      style={{
        background: color,
        borderRadius: '50%',
        flex: 'none',
        boxShadow: '0 0 0 1.5px var(--mantine-color-body)',
      }}
    />
  );
}

/** The legend of the current theme, read from the map style (see ../legend.ts). */
export function Legend({
  legend,
  open,
  onToggle,
}: {
  legend: LegendData | undefined;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  if (!legend) return null;
  return (
    <Paper
      shadow="md"
      radius="md"
      p="sm"
      withBorder
      data-testid="map-legend"
      data-theme={legend.theme}
      data-open={open}
      maw={240}
      // On a short map it scrolls rather than reaching out of the map.
      mah="100%"
      style={{ overflowY: 'auto' }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={open ? 6 : 0}>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {t('map.legend.title')}
          </Text>
          <Text size="sm" fw={600} data-testid="map-legend-title">
            {t(legend.title)}
          </Text>
        </Stack>
        <Tooltip label={open ? t('map.legend.hide') : t('map.legend.show')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={onToggle}
            aria-label={t('map.legend.title')}
            data-testid="map-legend-toggle"
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronUp size={16} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      {open && (
        <Stack gap={5}>
          {legend.entries.map((e) => (
            <Group key={e.value} gap={8} wrap="nowrap" data-testid="map-legend-entry" data-value={e.value}>
              <Swatch color={e.color} kind="circle" />
              <Text size="sm" lh={1.2}>
                {t(e.label)}
              </Text>
            </Group>
          ))}
          {legend.items.length > 0 && <Box h={1} my={2} bg="var(--mantine-color-default-border)" />}
          {legend.items.map((i) => (
            <Group key={i.label} gap={8} wrap="nowrap" data-testid="map-legend-item">
              <Swatch color={i.color} kind={i.kind} />
              <Text size="sm" lh={1.2}>
                {t(i.label)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
