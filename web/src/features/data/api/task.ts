import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';

/** Background work one started (archiving or activating a big view, a big export), as the server tracks it. */
export type Task = {
  id: string;
  kind: 'archive' | 'activate' | 'export';
  state: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  changed: number | null;
  created_at: string;
  finished_at: string | null;
  /** The file a finished export made, while it is kept. */
  download?: { name: string; type: string; size: number; expires_at: string };
};

/** GET /api/content/task/{id}/download: the address of a finished export's file. */
export const taskDownloadURL = (projectId: string, id: string) =>
  inProject(`/api/content/task/${encodeURIComponent(id)}/download`, projectId);

/** An export's answer: the file, or (202) the task the queue makes it in. */
export async function fileOrTask(blob: Blob): Promise<Blob | Task> {
  if (!blob.type.startsWith('application/json')) return blob;
  const a = JSON.parse(await blob.text()) as { task?: Task };
  if (!a.task) throw new Error('an export answered JSON without a task');
  return a.task;
}

/** GET /api/content/task/{id}: how far a task has got. */
export const getTask = (projectId: string, id: string) =>
  api.get<Task>(inProject(`/api/content/task/${encodeURIComponent(id)}`, projectId), { silent: true });

/** GET /api/content/tasks: one's tasks of the project that have not ended. */
export const getOpenTasks = (projectId: string) =>
  api.get<{ items: Task[] }>(inProject('/api/content/tasks', projectId), { silent: true }).then((a) => a.items);

/** Tasks this tab follows already, so that a data view shown again does not follow one twice. */
const following = new Set<string>();
export const isFollowed = (id: string) => following.has(id);

/** The failure of a task: the server could not finish it, and changed nothing. */
export class TaskFailed extends Error {}

/**
 * Polls a task until it ends, telling each step to onProgress; resolves with the finished task,
 * rejects with TaskFailed when the server gave it up.
 */
export async function followTask(
  projectId: string,
  task: Task,
  onProgress: (t: Task) => void,
  every = 500,
): Promise<Task> {
  let t = task;
  following.add(task.id);
  try {
    for (;;) {
      onProgress(t);
      if (t.state === 'done') return t;
      if (t.state === 'failed') throw new TaskFailed(t.id);
      await new Promise((r) => setTimeout(r, every));
      t = await getTask(projectId, t.id);
    }
  } finally {
    following.delete(task.id);
  }
}
