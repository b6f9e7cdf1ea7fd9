import { useMemo, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { getDataIds } from './api/getData';
import type { Filter } from './filter';

/** The most objects a selection takes (mass edit and archive answer with their own limit). */
export const SELECT_MAX = 20000;

/**
 * One selection for table and map (uuid → tile feature id); another filter, another set of rows:
 * the selection starts over. `selectWhere` selects what a filter shows, up to SELECT_MAX.
 */
export function useDataSelection(projectId: string, filterKey: string) {
  const { t } = useTranslation();
  const [selection, setSelection] = useState<Map<string, number>>(() => new Map());
  const fids = useMemo(() => [...selection.values()], [selection]);
  // Another filter, another set of rows: the selection starts over.
  const [selectionOf, setSelectionOf] = useState(filterKey);
  if (selectionOf !== filterKey) {
    setSelectionOf(filterKey);
    setSelection(new Map());
  }
  const [selecting, setSelecting] = useState(false);
  const selectWhere = async (f: Filter) => {
    setSelecting(true);
    try {
      const { items, total: n } = await getDataIds(projectId, f, SELECT_MAX);
      setSelection(new Map(items.map((r) => [r.id, r.fid])));
      notifications.show({
        color: n > items.length ? 'yellow' : 'arbor',
        message:
          n > items.length
            ? t('data.selection.capped', { count: items.length, total: n })
            : t('data.selection.selected', { count: items.length }),
      });
    } catch (e) {
      notifications.show({ color: 'red', message: e instanceof ApiError ? e.message : t('errors.generic') });
    } finally {
      setSelecting(false);
    }
  };

  return { selection, setSelection, fids, selecting, selectWhere };
}
