import type { ReactNode } from 'react';
import { Badge, Button, CloseButton, Group, Text, TextInput, Tooltip } from '@mantine/core';
import {
  IconFileImport,
  IconLayoutSidebarLeftExpand,
  IconMap,
  IconMapOff,
  IconPhotoUp,
  IconSearch,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A button of the toolbar's right side: small and plain, with its icon. */
function ToolButton({
  icon: Icon,
  onClick,
  testId,
  children,
}: {
  icon: typeof IconMap;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button size="xs" variant="default" leftSection={<Icon size={14} />} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}

/** The line over the data table: show the filter again, search, the count, the map and the columns. */
export function DataToolbar({
  showPanel,
  onShowPanel,
  active,
  search,
  onSearch,
  total,
  showMap,
  onToggleMap,
  columnChooser,
  onImport,
  onImportPhotos,
}: {
  showPanel: boolean;
  onShowPanel: () => void;
  /** Active parts of the filter, shown on the button that opens it. */
  active: number;
  search: string;
  onSearch: (q: string) => void;
  total: number | null;
  showMap: boolean;
  onToggleMap: () => void;
  columnChooser: ReactNode;
  /** Import a register from a file (managers and editors); no button without it. */
  onImport?: () => void;
  /** Attach a batch of photos to their trees (who may attach files to trees); no button without it. */
  onImportPhotos?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const fmt = new Intl.NumberFormat(i18n.language);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid="data-toolbar">
      <Group gap="sm" wrap="wrap" style={{ flex: '1 1 320px', minWidth: 0 }}>
        {!showPanel && (
          <Tooltip label={t('data.panel.show')}>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconLayoutSidebarLeftExpand size={14} />}
              rightSection={
                active > 0 ? (
                  <Badge size="xs" circle>
                    {active}
                  </Badge>
                ) : undefined
              }
              onClick={onShowPanel}
              data-testid="filter-show"
            >
              {t('data.filter.title')}
            </Button>
          </Tooltip>
        )}
        <TextInput
          size="xs"
          w={{ base: 'auto', sm: 260 }}
          style={{ flex: '1 1 180px', maxWidth: 320 }}
          leftSection={<IconSearch size={14} />}
          placeholder={t('data.search.placeholder')}
          aria-label={t('data.search.label')}
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
          rightSection={
            search ? <CloseButton size="xs" onClick={() => onSearch('')} aria-label={t('data.search.clear')} /> : null
          }
          data-testid="data-search"
        />
        <Text size="sm" c="dimmed" data-testid="data-total" data-total={total ?? ''}>
          {total === null ? '…' : t('data.table.total', { count: total, formatted: fmt.format(total) })}
        </Text>
      </Group>
      <Group gap="xs" wrap="wrap">
        {onImport && (
          <ToolButton icon={IconFileImport} onClick={onImport} testId="data-import">
            {t('data.import')}
          </ToolButton>
        )}
        {onImportPhotos && (
          <ToolButton icon={IconPhotoUp} onClick={onImportPhotos} testId="data-import-photos">
            {t('photoImport.button')}
          </ToolButton>
        )}
        <ToolButton icon={showMap ? IconMapOff : IconMap} onClick={onToggleMap} testId="toggle-map">
          {showMap ? t('data.map.hide') : t('data.map.show')}
        </ToolButton>
        {columnChooser}
      </Group>
    </Group>
  );
}
