import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { savePhoto } from '../api/savePhoto';
import type { PhotoRow } from '../api/types';

/** Uploads at once: two keep the line busy without crowding out the map's tiles. */
const AT_ONCE = 2;

/**
 * Attaches the included photos of a batch one by one (two at a time), marking each row saved or
 * failed; stop() lets the uploads under way finish and starts no more. Rows saved before are
 * skipped, so starting again attaches only the rest.
 */
export function usePhotoRun(projectId: string, rows: PhotoRow[], setRows: (f: (r: PhotoRow[]) => PhotoRow[]) => void) {
  const qc = useQueryClient();
  const [running, setRunning] = useState(false);
  const [stopped, setStopped] = useState(false);
  const stop = useRef(false);
  const mark = (i: number, state: PhotoRow['state'], error?: string) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, state, error } : r)));

  const start = async () => {
    const todo = rows.flatMap((r, i) => (r.include && r.match.target && r.state !== 'saved' ? [i] : []));
    stop.current = false;
    setStopped(false);
    setRunning(true);
    let next = 0;
    const worker = async () => {
      while (!stop.current && next < todo.length) {
        const i = todo[next++];
        const r = rows[i];
        mark(i, 'saving');
        try {
          await savePhoto(projectId, r.match.target!, r.file);
          mark(i, 'saved');
        } catch (e) {
          mark(i, 'failed', e instanceof ApiError ? e.message : String(e));
        }
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    setRunning(false);
    setStopped(stop.current);
    void qc.invalidateQueries({ queryKey: ['documents'] });
    void qc.invalidateQueries({ queryKey: ['trees'] });
    void qc.invalidateQueries({ queryKey: ['organisations'] });
  };

  return {
    running,
    stopped,
    start,
    stop: () => {
      stop.current = true;
    },
  };
}
