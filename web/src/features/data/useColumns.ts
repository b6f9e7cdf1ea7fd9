import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { loadColumns, reconcileColumns, saveColumns, storageKey, type SavedColumn } from './columns';
import { putTableColumns, useTableColumns } from './api/tableColumns';
import { dataKeys } from './api/keys';

/** How long the table waits after the last change of a column before keeping them on the server. */
const SAVE_AFTER_MS = 500;

/**
 * The data table's columns as the person arranged them in the project. They are kept on the
 * server, so they follow the person to every device, and in this browser, so the table shows them
 * at once before the server answers. A change made before the server's columns arrive wins.
 */
export function useColumns(
  userId: string,
  projectId: string,
  identifying: string[] = [],
): [SavedColumn[], (c: SavedColumn[]) => void] {
  const qc = useQueryClient();
  const key = `${userId}:${projectId}`;
  // What the person arranged since opening the project; it wins over what the server has.
  const [mine, setMine] = useState<{ key: string; columns: SavedColumn[] } | null>(null);
  const server = useTableColumns(projectId, !!userId);
  const serverColumns = server.data;
  const identKey = identifying.join(',');
  const columns = useMemo(() => {
    const ident = identKey ? identKey.split(',') : [];
    if (mine?.key === key) return mine.columns;
    if (serverColumns) return reconcileColumns(serverColumns, ident);
    return loadColumns(userId, projectId, localStorage, ident);
  }, [mine, key, serverColumns, userId, projectId, identKey]);

  useEffect(() => {
    if (!userId || serverColumns === undefined) return;
    if (serverColumns) saveColumns(userId, projectId, reconcileColumns(serverColumns));
    else if (localStorage.getItem(storageKey(userId, projectId)))
      // Arranged in this browser before the server kept columns: carry them over.
      putTableColumns(projectId, loadColumns(userId, projectId)).catch(() => {});
  }, [serverColumns, userId, projectId]);

  // One pending save; on leaving the project it is sent at once, so nothing arranged is lost.
  const pending = useRef<{ projectId: string; columns: SavedColumn[]; timer: number } | null>(null);
  const flush = useCallback(() => {
    const p = pending.current;
    if (!p) return;
    window.clearTimeout(p.timer);
    pending.current = null;
    putTableColumns(p.projectId, p.columns)
      .then(() => qc.setQueryData(dataKeys.columns(p.projectId), p.columns))
      .catch(() => {
        // Kept in this browser all the same; the server gets them with the next change.
      });
  }, [qc]);
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush, projectId]);

  const change = useCallback(
    (c: SavedColumn[]) => {
      setMine({ key: `${userId}:${projectId}`, columns: c });
      if (!userId) return;
      saveColumns(userId, projectId, c);
      if (pending.current) window.clearTimeout(pending.current.timer);
      pending.current = { projectId, columns: c, timer: window.setTimeout(flush, SAVE_AFTER_MS) };
    },
    [userId, projectId, flush],
  );
  return [columns, change];
}
