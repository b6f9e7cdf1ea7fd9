import { Indicator, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import {
  IconClipboardCheck,
  IconFileText,
  IconHistory,
  IconInfoCircle,
  IconPhoto,
  IconTool,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const TABS = [
  { value: 'general', icon: IconInfoCircle },
  { value: 'rating', icon: IconClipboardCheck },
  { value: 'actions', icon: IconTool },
  { value: 'images', icon: IconPhoto },
  { value: 'documents', icon: IconFileText },
  { value: 'history', icon: IconHistory },
] as const;

export interface TreeTabListProps {
  /** Below about 420 px six labels no longer fit side by side: icons, their names as tooltips. */
  iconsOnly: boolean;
  /** How many photos and documents the object has, shown on their tabs. */
  counts: Record<string, number | undefined>;
}

/** The tabs of the info window, inside its Tabs. */
export function TreeTabList({ iconsOnly, counts }: TreeTabListProps) {
  const { t } = useTranslation();
  return (
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
  );
}
