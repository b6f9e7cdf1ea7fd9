import { beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
vi.mock('@/lib/api', () => ({ api: { get: (...args: unknown[]) => get(...args) } }));

const { followTask, isFollowed, TaskFailed } = await import('./task');
type Task = Awaited<ReturnType<typeof followTask>>;

const task = (state: Task['state'], done: number, changed: number | null = null): Task => ({
  id: 't1',
  kind: 'archive',
  state,
  total: 4000,
  done,
  changed,
  created_at: '2026-11-25T12:00:00Z',
  finished_at: null,
});

describe('following a task', () => {
  beforeEach(() => get.mockReset());

  it('tells every step until the task is done, and is followed only meanwhile', async () => {
    get.mockResolvedValueOnce(task('running', 2000)).mockResolvedValueOnce(task('done', 4000, 3990));
    const seen: number[] = [];
    const following: boolean[] = [];
    const done = await followTask(
      'p1',
      task('queued', 0),
      (t) => {
        seen.push(t.done);
        following.push(isFollowed('t1'));
      },
      1,
    );
    expect(seen).toEqual([0, 2000, 4000]);
    expect(following).toEqual([true, true, true]);
    expect(isFollowed('t1')).toBe(false);
    expect(done.changed).toBe(3990);
    expect(get).toHaveBeenCalledWith('/api/content/task/t1?project=p1', { silent: true });
  });

  it('rejects with TaskFailed when the server gave the task up', async () => {
    get.mockResolvedValueOnce(task('failed', 2000));
    await expect(followTask('p1', task('running', 0), () => undefined, 1)).rejects.toBeInstanceOf(TaskFailed);
    expect(isFollowed('t1')).toBe(false);
  });
});
