import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface SaveBarProps {
  saving: boolean;
  onDiscard: () => void;
}

/** The bar that stays at the bottom of the tab while there are unsaved changes; its save
 * button submits the form around it. */
export function SaveBar({ saving, onDiscard }: SaveBarProps) {
  const { t } = useTranslation();
  return (
    <Paper
      pos="sticky"
      bottom={0}
      p="sm"
      withBorder
      shadow="md"
      radius="md"
      style={{ zIndex: 3 }}
      data-testid="tree-save-bar"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('trees.general.unsaved')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" size="sm" onClick={onDiscard} data-testid="tree-discard">
            {t('trees.general.discard')}
          </Button>
          <Button type="submit" size="sm" loading={saving} data-testid="tree-save">
            {t('common.save')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
