import type { ReactNode } from 'react';
import { useElementSize } from '@mantine/hooks';
import { Alert, Badge, Box, Button, CloseButton, Group, Paper, Select, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatArea } from '../geometry';
import type { MapMessage } from './mapHelpers';

interface Props {
  /** The i18n key of the hint of the drawing mode, if drawing. */
  hint?: string;
  /** Works to place (mode "work") and the one chosen. */
  works?: { id: string; name: string }[];
  chosenWork: string | null;
  onChooseWork: (id: string | null) => void;
  onCancel: () => void;
  message: MapMessage | null;
  onCloseMessage: () => void;
  /** Trees and groups selected (none while editing a geometry). */
  selected: number;
  onClearSelection: () => void;
  /** The area of the polygon being drawn, beside the pointer. */
  area: { m2: number; x: number; y: number } | null;
  /** A narrow map: hint and message go below the buttons, not between tools and buttons. */
  narrow: boolean;
  /** The map's width and the legend's right edge and top (px), so the selection never covers it. */
  mapWidth: number;
  legendRight: number;
  legendTop: number;
}

/** The gap (px) the selection keeps from the map's bottom edge and from the legend. */
const GAP = 12;

/** What lies over the map besides its tools: the drawing hint, a message, the selection, the area. */
export function MapNotices(p: Props) {
  const { t, i18n } = useTranslation();
  const { message } = p;
  // The selection stands centred at the bottom; where that would reach over the legend (a narrow
  // map, an open info window), it stands above the legend instead.
  const { ref: chipRef, width: chipWidth } = useElementSize();
  const overLegend = chipWidth > 0 && p.mapWidth / 2 - chipWidth / 2 < p.legendRight + GAP / 2;
  return (
    <>
      {/* Between the drawing tools (left) and the buttons (right), never over them. */}
      <Box
        pos="absolute"
        top={p.narrow ? 64 : 12}
        left={64}
        right={p.narrow ? 12 : 164}
        style={{ zIndex: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', pointerEvents: 'none' }}
        data-testid="map-notices"
      >
        <Box style={{ pointerEvents: 'auto', maxWidth: '100%' }}>
          {p.hint && (
            <Paper shadow="md" radius="xl" px="md" py={6} withBorder data-testid="map-hint">
              <Group gap="sm" wrap="nowrap">
                <IconInfoCircle size={16} color="var(--mantine-color-blue-6)" style={{ flex: 'none' }} />
                <Text size="sm">{t(p.hint)}</Text>
                {p.works && p.works.length > 0 && (
                  <Select
                    size="xs"
                    w={200}
                    // The hint's text gives way, not the chosen work's name (it read "Bau…" in German).
                    style={{ flex: 'none' }}
                    data={p.works.map((w) => ({ value: w.id, label: w.name }))}
                    value={p.chosenWork}
                    onChange={p.onChooseWork}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: false }}
                    aria-label={t('map.workEntry')}
                    data-testid="map-work-entry"
                  />
                )}
                <Button size="compact-xs" variant="subtle" color="gray" onClick={p.onCancel} style={{ flex: 'none' }}>
                  {t('map.cancel')}
                </Button>
              </Group>
            </Paper>
          )}
          {message && (
            <Alert
              mt={p.hint ? 8 : 0}
              color={message.color}
              variant="filled"
              radius="md"
              icon={message.color === 'red' ? <IconAlertTriangle size={18} /> : <IconCheck size={18} />}
              withCloseButton
              onClose={p.onCloseMessage}
              data-testid="map-message"
              data-color={message.color}
              role={message.color === 'red' ? 'alert' : 'status'}
              styles={{ root: { boxShadow: 'var(--mantine-shadow-md)' } }}
            >
              {message.text ?? t(message.key ?? '')}
            </Alert>
          )}
        </Box>
      </Box>
      {p.selected > 0 && (
        <Paper
          ref={chipRef}
          pos="absolute"
          bottom={overLegend ? p.legendTop + GAP / 2 : GAP}
          left="50%"
          shadow="md"
          radius="xl"
          px="md"
          py={6}
          withBorder
          style={{ transform: 'translateX(-50%)', zIndex: 2, width: 'max-content' }}
          data-testid="map-selection"
          data-count={p.selected}
        >
          <Group gap="xs" wrap="nowrap">
            <Badge variant="filled" color="blue" radius="sm">
              {p.selected}
            </Badge>
            <Text size="sm" fw={500}>
              {t('map.selected', { count: p.selected })}
            </Text>
            <CloseButton
              size="sm"
              aria-label={t('map.clearSelection')}
              onClick={p.onClearSelection}
              data-testid="map-selection-clear"
            />
          </Group>
        </Paper>
      )}
      {p.area && (
        <Badge
          pos="absolute"
          left={p.area.x + 16}
          top={p.area.y + 16}
          size="lg"
          radius="sm"
          variant="filled"
          color="dark"
          style={{ zIndex: 2, pointerEvents: 'none', textTransform: 'none' }}
          data-testid="map-area"
        >
          {t('map.area', { area: formatArea(p.area.m2, i18n.language) })}
        </Badge>
      )}
    </>
  );
}

/** The info window over the map's right side: below the buttons, above the map's foot; it scrolls inside. */
/** The info window's width (px) beside a wide map. */
export const ASIDE_WIDTH = 340;

export function MapAside({ children }: { children: ReactNode }) {
  return (
    <Box
      pos="absolute"
      top={64}
      right={12}
      bottom={12}
      w={`min(${ASIDE_WIDTH}px, calc(100% - 24px))`}
      style={{ zIndex: 5, pointerEvents: 'none', display: 'flex', flexDirection: 'column' }}
      data-testid="map-aside"
    >
      <Box style={{ pointerEvents: 'auto', minHeight: 0, flex: '0 1 auto', height: '100%' }}>{children}</Box>
    </Box>
  );
}
