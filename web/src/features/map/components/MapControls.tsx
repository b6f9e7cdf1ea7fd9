import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCurrentLocation, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Basemap } from '@/api/projects/settings';
import type { DisplaySettings } from '../settings';
import { MapSettings } from './MapSettings';

interface Props {
  onLocate: () => void;
  locating: boolean;
  fullscreen: boolean;
  onFullscreen: (on: boolean) => void;
  settings: DisplaySettings;
  own: Basemap[];
  presets: Basemap[];
  basemap: string;
  onSettings: (s: DisplaySettings) => void;
}

/** The buttons at the map's top right: my location, full screen, display settings. */
export function MapControls(p: Props) {
  const { t } = useTranslation();
  const fsLabel = p.fullscreen ? t('map.fullscreen.exit') : t('map.fullscreen.enter');
  return (
    <Group pos="absolute" top={12} right={12} gap={8} style={{ zIndex: 6 }} data-testid="map-controls">
      <Tooltip label={t('map.locate')} position="bottom">
        <ActionIcon
          variant="default"
          size={40}
          radius="md"
          onClick={p.onLocate}
          loading={p.locating}
          aria-label={t('map.locate')}
          data-testid="map-locate"
        >
          <IconCurrentLocation size={20} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={fsLabel} position="bottom">
        <ActionIcon
          variant="default"
          size={40}
          radius="md"
          onClick={() => p.onFullscreen(!p.fullscreen)}
          aria-label={fsLabel}
          aria-pressed={p.fullscreen}
          data-testid="map-fullscreen"
        >
          {p.fullscreen ? <IconMinimize size={20} stroke={1.7} /> : <IconMaximize size={20} stroke={1.7} />}
        </ActionIcon>
      </Tooltip>
      <MapSettings settings={p.settings} own={p.own} presets={p.presets} basemap={p.basemap} onChange={p.onSettings} />
    </Group>
  );
}
