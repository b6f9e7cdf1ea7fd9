import { beforeEach, describe, expect, it, vi } from 'vitest';

const post = vi.fn();
vi.mock('@/lib/api', () => ({ api: { post: (...args: unknown[]) => post(...args) } }));

const { addToJob } = await import('./addToJob');
const { removeFromJob } = await import('./removeFromJob');
const { existsInJobs } = await import('./existsInJobs');

describe('job content calls', () => {
  beforeEach(() => post.mockReset().mockResolvedValue({}));

  it('adds ids and works to an existing job with add-list', async () => {
    await addToJob({ projectId: 'p1', job: 'j1', selection: { ids: ['t1'], actions: ['a1'] } });
    expect(post).toHaveBeenCalledWith(
      '/api/content/job/add-list?project=p1',
      { job: 'j1', ids: ['t1'], actions: ['a1'] },
      { silent: true },
    );
  });
  it('creates a job from a filter with add-filter-new', async () => {
    const filter = { conditions: [{ field: 'vitality', op: 'eq', value: 2 }] };
    await addToJob({ projectId: 'p1', name: 'Spring', selection: { filter } });
    expect(post).toHaveBeenCalledWith(
      '/api/content/job/add-filter-new?project=p1',
      { name: 'Spring', note: '', filter },
      { silent: true },
    );
  });
  it('creates a job from ids with add-list-new and adds by filter with add-filter', async () => {
    await addToJob({ projectId: 'p1', name: 'N', note: 'n', selection: { ids: ['t1'] } });
    expect(post.mock.calls[0][0]).toBe('/api/content/job/add-list-new?project=p1');
    await addToJob({ projectId: 'p1', job: 'j1', selection: { filter: {} } });
    expect(post.mock.calls[1][0]).toBe('/api/content/job/add-filter?project=p1');
  });
  it('removes by list or filter', async () => {
    await removeFromJob({ projectId: 'p1', job: 'j1', selection: { actions: ['a1'] } });
    await removeFromJob({ projectId: 'p1', job: 'j1', selection: { filter: { q: 'x' } } });
    expect(post.mock.calls.map((c) => c[0])).toEqual([
      '/api/content/job/remove-list?project=p1',
      '/api/content/job/remove-filter?project=p1',
    ]);
  });
  it('asks which other jobs hold a selection, leaving out one job', async () => {
    await existsInJobs('p 1', { ids: ['t1'] }, 'j1');
    expect(post).toHaveBeenCalledWith(
      '/api/content/job/exists-objects-in-jobs?project=p%201',
      { ids: ['t1'], job: 'j1' },
      { silent: true },
    );
  });
});
