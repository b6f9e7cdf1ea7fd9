import { ActionIcon, Checkbox, Divider, Popover, Select, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Basemap } from '@/api/projects/settings';
import { THEMES, type DisplaySettings } from '../settings';
import { labelledOptions } from '@/lib/options';

/** The map's layers one may hide, in the panel's order. */
const LAYERS: (keyof DisplaySettings['layers'])[] = ['trees', 'groups', 'works'];

/** Map display settings: theme, layers, labels, basemap. */
export function MapSettings({
  settings,
  own,
  presets,
  basemap,
  onChange,
}: {
  settings: DisplaySettings;
  /** The project's own basemaps. */
  own: Basemap[];
  /** The open maps every project may use. */
  presets: Basemap[];
  /** The basemap shown ("" for none). */
  basemap: string;
  onChange: (s: DisplaySettings) => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<DisplaySettings>) => onChange({ ...settings, ...patch });
  const layer = (k: keyof DisplaySettings['layers'], v: boolean) => set({ layers: { ...settings.layers, [k]: v } });
  return (
    <Popover position="bottom-end" shadow="md" width={280} withinPortal={false} trapFocus>
      <Popover.Target>
        <Tooltip label={t('map.settings.title')} position="left">
          <ActionIcon
            variant="default"
            size={40}
            radius="md"
            aria-label={t('map.settings.title')}
            data-testid="map-settings"
          >
            <IconAdjustmentsHorizontal size={20} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="map-settings-panel">
        <Stack gap="sm">
          <Select
            label={t('map.settings.theme')}
            data={labelledOptions(t, 'map.themes', THEMES)}
            value={settings.theme}
            onChange={(v) => v && set({ theme: v })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            data-testid="map-theme"
          />
          <Divider />
          <Text size="sm" fw={500}>
            {t('map.settings.layers')}
          </Text>
          {LAYERS.map((name) => (
            <Checkbox
              key={name}
              label={t(`map.settings.${name}`)}
              checked={settings.layers[name]}
              onChange={(e) => layer(name, e.currentTarget.checked)}
              data-testid={`map-layer-${name}`}
            />
          ))}
          <Switch
            label={t('map.settings.labels')}
            description={t('map.settings.labelsText')}
            checked={settings.labels}
            onChange={(e) => set({ labels: e.currentTarget.checked })}
            data-testid="map-labels"
          />
          {(own.length > 0 || presets.length > 0) && (
            <>
              <Divider />
              <Select
                label={t('map.settings.basemap')}
                data={[
                  { value: '', label: t('map.settings.noBasemap') },
                  ...(own.length
                    ? [
                        {
                          group: t('map.basemapGroups.project'),
                          items: own.map((b) => ({ value: b.id, label: b.name })),
                        },
                      ]
                    : []),
                  {
                    group: t('map.basemapGroups.presets'),
                    items: presets.map((b) => ({ value: b.id, label: b.name })),
                  },
                ]}
                value={basemap}
                onChange={(v) => set({ basemap: v ?? '' })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
                data-testid="map-basemap"
              />
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
