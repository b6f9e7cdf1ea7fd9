import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { AgGridReact } from 'ag-grid-react';
import type { IDatasource } from 'ag-grid-community';
import { getData, getDataTotalLater, type DataRow } from '../api/getData';
import { toServerSort } from '../columns';
import type { Filter } from '../filter';

/** What the datasource tells the table's owner, read at the time of each answer. */
export interface SourceListeners {
  onSortChange?: (sort: string[]) => void;
  onTotal: (n: number | null) => void;
  onError: (e: unknown) => void;
}

/**
 * The grid's rows from the server a block at a time: the rows at once, the count when it is there.
 * A new filter key starts a new datasource; a count that comes back for an earlier one is dropped.
 * `afterRows` runs once a block is in the grid (to mark the selected rows).
 */
export function useGridSource(
  projectId: string,
  filter: Filter,
  filterKey: string,
  grid: RefObject<AgGridReact<DataRow> | null>,
  latest: RefObject<SourceListeners>,
  afterRows: () => void,
) {
  // The datasource that counts now: a count that comes back for an earlier filter is dropped.
  const activeSource = useRef<object | null>(null);
  const datasource = useMemo<IDatasource & { token: object }>(
    () => {
      const token = {};
      return {
        token,
        getRows: (params) => {
          const sort = toServerSort(params.sortModel as never);
          latest.current.onSortChange?.(sort);
          const limit = params.endRow - params.startRow;
          getDataTotalLater(projectId, { filter, sort, limit, offset: params.startRow })
            .then((page) => {
              if (page.total !== null) {
                params.successCallback(page.items, page.total);
                latest.current.onTotal(page.total);
              } else {
                // The rows now, the count when it is there (-1: the grid does not know the end yet).
                const end = page.items.length < limit ? params.startRow + page.items.length : -1;
                params.successCallback(page.items, end);
                latest.current.onTotal(null);
                getData(projectId, { filter, limit: 1 })
                  .then((counted) => {
                    if (activeSource.current !== token) return;
                    grid.current?.api?.setRowCount(counted.total, true);
                    latest.current.onTotal(counted.total);
                  })
                  .catch((e: unknown) => latest.current.onError(e));
              }
              setTimeout(afterRows, 0);
            })
            .catch((e: unknown) => {
              params.failCallback();
              latest.current.onTotal(null);
              latest.current.onError(e);
            });
        },
      };
    },
    // The filter is read through its key: the same filter must not start the table over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [projectId, filterKey, afterRows],
  );

  useEffect(() => {
    activeSource.current = datasource.token;
  }, [datasource]);

  return datasource;
}
