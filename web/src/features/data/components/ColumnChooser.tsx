import { ActionIcon, Button, Checkbox, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomField } from '@/api/projects/settings';
import { defaultColumns, identifyingFields, type SavedColumn } from '../columns';
import { fieldName } from './labels';

/** Which columns the table shows; kept per person and project. */
export function ColumnChooser({
  columns,
  custom,
  onChange,
}: {
  columns: SavedColumn[];
  custom?: Record<string, CustomField>;
  onChange: (c: SavedColumn[]) => void;
}) {
  const { t } = useTranslation();
  const usable = columns.filter((c) => !c.colId.startsWith('general') || custom?.[c.colId]?.active);
  const shown = usable.filter((c) => !c.hide).length;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label={t('data.columns.title')}>
          <ActionIcon variant="default" size={30} aria-label={t('data.columns.title')} data-testid="column-chooser">
            <IconColumns3 size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="sm" data-testid="column-chooser-panel">
        <Stack gap="xs" w={240}>
          <Text size="sm" fw={600}>
            {t('data.columns.title')}
          </Text>
          <ScrollArea.Autosize mah={340} type="auto" offsetScrollbars>
            <Stack gap={6}>
              {usable.map((c) => (
                <Checkbox
                  key={c.colId}
                  size="xs"
                  label={fieldName(t, c.colId, custom)}
                  checked={!c.hide}
                  disabled={!c.hide && shown === 1}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    onChange(columns.map((x) => (x.colId === c.colId ? { ...x, hide: !on } : x)));
                  }}
                  data-testid={`column-${c.colId}`}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            onClick={() => onChange(defaultColumns(identifyingFields(custom)))}
            data-testid="columns-reset"
          >
            {t('data.columns.reset')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
