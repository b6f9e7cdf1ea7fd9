import type { ReactNode } from 'react';
import { Badge, Card, CloseButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFilter, IconLayoutSidebarLeftCollapse } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The card of the filter beside the data table: its title with the number of active parts, and Hide. */
export function FilterCard({
  active,
  onHide,
  wide,
  children,
}: {
  active: number;
  onHide: () => void;
  /** The whole width (a phone), above map and table. */
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card
      w={wide ? '100%' : 320}
      miw={wide ? 0 : 320}
      padding="md"
      radius="lg"
      withBorder
      data-testid="filter-card"
      style={{ flex: 'none' }}
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap={6}>
            <IconFilter size={16} />
            <Text fw={650}>{t('data.filter.title')}</Text>
            {active > 0 && (
              <Badge size="sm" variant="light" data-testid="filter-active">
                {active}
              </Badge>
            )}
          </Group>
          <Tooltip label={t('data.panel.hide')}>
            <CloseButton
              icon={<IconLayoutSidebarLeftCollapse size={16} />}
              onClick={onHide}
              aria-label={t('data.panel.hide')}
            />
          </Tooltip>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
