import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { useSavedFilters, type SavedFilter } from './api/filters';
import type { PanelErrors } from './components/FilterPanel';
import {
  emptyPanel,
  filterKey,
  parseFilterParam,
  rowOfServerPart,
  toFilter,
  toPanel,
  type Filter,
  type PanelState,
} from './filter';

const noErrors: PanelErrors = { rows: {}, controls: {} };

/**
 * The data view's filter: the panel is its state; a saved filter or ?filter= fills it. The table,
 * map and counts follow it (`liveFilter`) once typing pauses; the server's 400 on it names the part
 * of the filter, which the panel shows there (`errors`).
 */
export function useDataFilter(projectId: string) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const saved = useSavedFilters(projectId);
  const [panel, setPanel] = useState<PanelState>(emptyPanel);
  const [loaded, setLoaded] = useState<SavedFilter | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const param = params.get('filter');
  // ?filter= is applied once per value, when the saved filters it may name are known.
  const [applied, setApplied] = useState<string | null>(null);
  // What the table, map and counts show; a link's filter applies at once (not after the typing
  // pause), so a dashboard's segment never shows the whole stock first.
  const [debouncedKey, setDebouncedKey] = useState(() => filterKey(toFilter(panel)));
  if (param !== applied) {
    const parsed = parseFilterParam(param);
    if (!parsed) setApplied(param);
    else if ('filter' in parsed) {
      const linked = toPanel(parsed.filter);
      setApplied(param);
      setPanel(linked);
      setDebouncedKey(filterKey(toFilter(linked)));
      setLoaded(null);
    } else if (saved.data || saved.isError) {
      setApplied(param);
      const f = saved.data?.find((x) => x.id === parsed.id);
      if (f) {
        if (loaded?.id !== f.id) {
          setPanel(toPanel(f.filter));
          setLoaded(f);
        }
        setLinkProblem(null);
      } else setLinkProblem(t('data.saved.notShared'));
    }
  }

  const filter = useMemo(() => toFilter(panel), [panel]);
  const key = filterKey(filter);
  // The table, map and counts follow the panel once typing pauses.
  useEffect(() => {
    if (key === debouncedKey) return;
    const h = setTimeout(() => setDebouncedKey(key), 350);
    return () => clearTimeout(h);
  }, [key, debouncedKey]);
  const liveFilter = useMemo(() => JSON.parse(debouncedKey) as Filter, [debouncedKey]);
  const modified = !!loaded && filterKey(loaded.filter) !== key;

  const load = (f: SavedFilter | null) => {
    setLoaded(f);
    setPanel(f ? toPanel(f.filter) : emptyPanel());
    setTableError(null);
    setApplied(f ? f.id : null);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (f) next.set('filter', f.id);
        else next.delete('filter');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  // The server's 400 names the part of the filter; the panel shows it there.
  const [tableError, setTableError] = useState<unknown>(null);
  const errors = useMemo<PanelErrors>(() => {
    if (!tableError) return noErrors;
    if (!(tableError instanceof ApiError)) return { ...noErrors, general: t('errors.generic') };
    const next: PanelErrors = { rows: {}, controls: {}, general: tableError.message };
    for (const part of Object.keys(tableError.fields)) {
      const where = rowOfServerPart(panel, part.replace(/^filter\./, ''));
      const text = tableError.fields[part] || tableError.message;
      if (where && 'row' in where) next.rows[where.row] = text;
      else if (where) next.controls[where.control] = text;
    }
    return next;
  }, [tableError, panel, t]);
  const [total, setTotal] = useState<number | null>(null);
  const onTotal = useCallback((n: number | null) => {
    setTotal(n);
    if (n !== null) setTableError(null);
  }, []);

  return {
    panel,
    setPanel,
    loaded,
    setLoaded,
    linkProblem,
    setLinkProblem,
    filter,
    debouncedKey,
    liveFilter,
    modified,
    load,
    errors,
    setTableError,
    total,
    onTotal,
  };
}
