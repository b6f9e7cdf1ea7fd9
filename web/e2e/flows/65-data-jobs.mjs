// The data view and the info window meet the jobs: rows selected in the table go into a new job,
// and the tree's info window lists the jobs it belongs to.
import { test, assert, shot, see, goto, waitPath, apiJSON, noPageErrors, newProject } from '../lib.mjs';

test('data view to job: selected rows into a new job; the info window lists its jobs', async (browser) => {
  const { page, projectId } = await newProject(browser, 'data-jobs', 'Baumdienst', 'Lindenallee');
  const q = `?project=${projectId}`;
  const ids = [];
  for (let i = 0; i < 3; i++) {
    const r = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
      geom: { type: 'Point', coordinates: [9.43 + i * 0.0004, 54.78] },
      number: i + 1,
    });
    assert(r.status === 201, `creating tree ${i + 1} answered ${r.status}: ${JSON.stringify(r.json)}`);
    ids.push(r.json.id);
  }

  await goto(page, `/projects/${projectId}/data`);
  await page.getByTestId('data-view').waitFor();
  const row = (id) => page.locator(`[data-testid="data-table"] .ag-row[row-id="${id}"]`);
  for (const id of ids) await row(id).waitFor();
  for (const id of ids.slice(0, 2)) await row(id).locator('input.ag-checkbox-input').click();
  await page.locator('[data-testid="selection-bar"][data-count="2"]').waitFor();

  // Add to job: no open job yet, so a new one is named.
  await page.getByTestId('action-add-to-job').click();
  await page.locator('[data-testid="add-to-job"]').waitFor();
  await page.getByTestId('add-to-job-name').fill('Spring pruning');
  await shot(page, 'data-add-to-job-en-light', { fullPage: false });
  await page.getByTestId('add-to-job-submit').click();
  await page.locator('[data-testid="add-to-job"]').waitFor({ state: 'detached' });

  const jobs = await apiJSON(page, 'GET', `/api/management/job${q}`);
  assert(jobs.status === 200, `jobs answered ${jobs.status}`);
  const job = jobs.json.items.find((j) => j.name === 'Spring pruning');
  assert(job, `no job "Spring pruning" in ${JSON.stringify(jobs.json.items)}`);
  assert(job.tree_count === 2, `the job holds ${job.tree_count} trees, want 2`);

  // The first tree's info window lists the job; the third one's none.
  await goto(page, `/projects/${projectId}/map?tree=${ids[0]}`);
  const manager = page.getByTestId('job-manager');
  await manager.locator(`[data-testid="object-job"][data-job="${job.id}"]`).waitFor();
  await see(page, 'Spring pruning');
  await shot(page, 'tree-jobs-en-light', { fullPage: false });
  await goto(page, `/projects/${projectId}/map?tree=${ids[2]}`);
  await page.getByTestId('job-manager').waitFor();
  assert((await page.locator('[data-testid="object-job"]').count()) === 0, 'the third tree lists a job');
  await waitPath(page, `/projects/${projectId}/map`);
  noPageErrors(page);
  await page.context().close();
});
