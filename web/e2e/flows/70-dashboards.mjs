// Dashboards: the project dashboard's cards count what was seeded, a segment opens the data view
// filtered to it (and the table agrees), the user dashboard sums up, a job's progress follows a
// completed work and an inspection; screenshots EN light and DE dark.
import {
  test,
  assert,
  shot,
  goto,
  waitPath,
  pickMenu,
  choose,
  apiJSON,
  noCutTexts,
  noPageErrors,
  newProject,
  settled,
} from '../lib.mjs';

const DAY = 86400000;
const isoDay = (offsetDays) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const monthsAgo = (months, plusDays = 0) => {
  const d = new Date();
  d.setMonth(d.getMonth() - months);
  return new Date(d.getTime() + plusDays * DAY).toISOString();
};

/** The count a card shows for a segment (its legend row). */
async function segmentValue(page, cardTestId, key) {
  const row = page.getByTestId(cardTestId).locator(`[data-testid="segment"][data-key="${key}"]`);
  await row.waitFor();
  return Number(await row.getAttribute('data-value'));
}

async function figure(page, testId) {
  const el = page.getByTestId(`${testId}-value`);
  await el.waitFor();
  return Number(await el.getAttribute('data-value'));
}

function wantEqual(what, got, want) {
  assert(
    JSON.stringify(got) === JSON.stringify(want),
    `${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`,
  );
}

/** The total the data view's table shows once it counted the filter (waits a moment for want). */
async function tableTotal(page, want) {
  const el = page.locator('[data-testid="data-view"][data-total]:not([data-total=""])');
  await el.waitFor();
  await page
    .waitForFunction(
      (w) => document.querySelector('[data-testid="data-view"]')?.getAttribute('data-total') === String(w),
      want,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  return Number(await el.getAttribute('data-total'));
}

/** The filter of the data view the page is on. */
function filterOf(page) {
  return JSON.parse(new URL(page.url()).searchParams.get('filter') || 'null');
}

/** Waits for the charts to be drawn (ECharts animates in). */
async function chartsReady(page) {
  await settled(page);
  await page.waitForTimeout(900);
}

test('dashboards: project cards, a segment opens the filtered data view, user dashboard, job progress', async (browser) => {
  const { page, projectId } = await newProject(browser, 'dash', 'Baumamt', 'Kurpark');
  const q = `?project=${projectId}`;

  // A new project has no trees yet: the dashboard says so and points to the map.
  await goto(page, `/projects/${projectId}/dashboard`);
  await page.getByTestId('dashboard-empty').waitFor();
  await shot(page, 'dashboard-project-empty-en-light');

  // Works of the global list: felling (not safe), a detailed investigation (doubtful), and one
  // that is not safety relevant.
  const lists = await apiJSON(page, 'GET', `/api/content/lists${q}`);
  assert(lists.status === 200, `lists answered ${lists.status}`);
  const works = lists.json.work;
  const felling = works.find((w) => w.security_relevance && w.action_security === 3);
  const investigation = works.find((w) => w.security_relevance && w.action_security === 1);
  const care = works.find((w) => !w.security_relevance);
  assert(felling && investigation && care, 'the work list lacks felling, an investigation or a plain work');

  const tree = async (number, fields = {}, geom = { type: 'Point', coordinates: [9.43 + number * 0.0005, 54.78] }) => {
    const r = await apiJSON(page, 'POST', `/api/content/tree${q}`, { geom, number, ...fields });
    assert(r.status === 201, `tree ${number}: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json;
  };
  const inspect = async (t, body) => {
    const r = await apiJSON(page, 'POST', `/api/content/tree/${t.id}/checks${q}`, body);
    assert(r.status === 201, `inspection of ${t.number}: ${r.status} ${JSON.stringify(r.json)}`);
  };
  const work = async (t, entry, deadline) => {
    const r = await apiJSON(page, 'POST', `/api/content/action${q}`, { tree: t.id, work: entry.id, deadline });
    assert(r.status === 201, `work on ${t.number}: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json;
  };
  // Damaged trees are inspected every 12 months, so the date of the last inspection sets the class.
  const t1 = await tree(1);
  await inspect(t1, { damage_tree: 2, timestamp: monthsAgo(14) }); // overdue
  const w1 = await work(t1, felling, isoDay(-1)); // overdue; not safe
  const t2 = await tree(2);
  await inspect(t2, { damage_tree: 2, timestamp: monthsAgo(12, 10) }); // due in 10 days
  const w2 = await work(t2, investigation, isoDay(7)); // within 2 weeks; doubtful
  const t3 = await tree(3);
  await inspect(t3, { damage_tree: 2, timestamp: monthsAgo(10) }); // in 2 months
  const t4 = await tree(4);
  await inspect(t4, { damage_tree: 1 }); // later
  const t5 = await tree(5);
  await work(t5, care, isoDay(60)); // within 3 months; stays safe
  const t6 = await tree(6, { vitality: 4 }); // dead, never inspected
  await tree(
    10,
    { vitality: 1, tree_count: 12 },
    {
      type: 'Polygon',
      coordinates: [
        [
          [9.44, 54.779],
          [9.441, 54.779],
          [9.441, 54.7795],
          [9.44, 54.7795],
          [9.44, 54.779],
        ],
      ],
    },
  );

  // The project page links to its dashboard; the cards show what was seeded.
  await goto(page, `/projects/${projectId}`);
  await page.getByTestId('project-dashboard-link').click();
  await waitPath(page, `/projects/${projectId}/dashboard`);
  await page.getByTestId('project-dashboard').waitFor();
  wantEqual('trees', await figure(page, 'figure-trees'), 6);
  wantEqual('groups', await figure(page, 'figure-groups'), 1);
  wantEqual('open works', await figure(page, 'figure-works'), 3);
  wantEqual('open inspections', await figure(page, 'figure-checks'), 2);
  const checks = {};
  for (const k of ['overdue', 'due', 'months3', 'later', 'never'])
    checks[k] = await segmentValue(page, 'card-checks', k);
  wantEqual('inspections', checks, { overdue: 1, due: 1, months3: 1, later: 1, never: 3 });
  const deadlines = {};
  for (const k of ['overdue', 'weeks2', 'months3', 'months6']) deadlines[k] = await segmentValue(page, 'card-works', k);
  wantEqual('deadlines', deadlines, { overdue: 1, weeks2: 1, months3: 1, months6: 0 });
  // Safe splits by inspection: trees 3 and 4 were inspected, 5, 6 and the group never were
  // ("not assessed"), none safe is overdue for inspection.
  const safety = [];
  for (const k of ['0', 'overdue', 'unassessed', '1', '2', '3'])
    safety.push(await segmentValue(page, 'card-safety', k));
  wantEqual('safety', safety, [2, 0, 3, 1, 0, 1]);
  // Tree 1's felling is past its deadline: the dashboard warns.
  const warning = page.getByTestId('warning-safetyOverdue');
  await warning.waitFor();
  wantEqual('objects with overdue safety works', Number(await warning.getAttribute('data-value')), 1);
  wantEqual('dead trees', await segmentValue(page, 'card-vitality', '4'), 1);
  wantEqual('damaged trees', await segmentValue(page, 'card-damage', '2'), 3);
  await chartsReady(page);
  await shot(page, 'dashboard-project-en-light');

  // Click "not safe" on the safety ring: in class order clockwise from the top, 2 safe, 3 not
  // assessed, 1 doubtful, 1 not safe, so "not safe" is the last seventh, up and to the left of the centre.
  const ring = page.getByTestId('donut-safety-chart');
  await ring.scrollIntoViewIfNeeded();
  const box = await ring.boundingBox();
  const r = (Math.min(box.width, box.height) / 2) * 0.7;
  const angle = (2 * Math.PI * 6.5) / 7; // from the top, clockwise
  await page.mouse.click(box.x + box.width / 2 + r * Math.sin(angle), box.y + box.height / 2 - r * Math.cos(angle));
  await waitPath(page, `/projects/${projectId}/data`);
  const notSafe = filterOf(page);
  wantEqual('filter of "not safe"', notSafe, { conditions: [{ field: 'action_security', op: 'in', value: [3] }] });
  // The table shows exactly those objects (an "eq" it once dropped showed all of them).
  wantEqual('table total of "not safe"', await tableTotal(page, 1), 1);
  // The data table counts the same objects as the card.
  const table = await apiJSON(page, 'POST', `/api/content/data${q}`, { filter: notSafe, limit: 10 });
  wantEqual(
    'objects the "not safe" filter shows',
    [table.status, table.json.total, table.json.items[0]?.id],
    [200, 1, t1.id],
  );

  // Every segment is a button too: "overdue" inspections by keyboard.
  await page.goBack();
  await page.getByTestId('project-dashboard').waitFor();
  const overdue = page.getByTestId('card-checks').locator('[data-testid="segment"][data-key="overdue"]');
  await overdue.focus();
  await page.keyboard.press('Enter');
  await waitPath(page, `/projects/${projectId}/data`);
  const overdueFilter = filterOf(page);
  wantEqual('filter of overdue inspections', overdueFilter, {
    conditions: [{ field: 'check_class', op: 'in', value: [0] }],
  });
  wantEqual('table total of overdue inspections', await tableTotal(page, 1), 1);

  // "Not assessed" opens the safe objects never inspected; the warning its overdue safety work.
  await page.goBack();
  await page.getByTestId('project-dashboard').waitFor();
  // The safety card lies below the fold: the data view it opens starts at its top all the same.
  const unassessed = page.getByTestId('card-safety').locator('[data-testid="segment"][data-key="unassessed"]');
  await unassessed.scrollIntoViewIfNeeded();
  await unassessed.click();
  await waitPath(page, `/projects/${projectId}/data`);
  wantEqual('table total of "not assessed"', await tableTotal(page, 3), 3);
  wantEqual('scroll position of the data view', await page.evaluate(() => window.scrollY), 0);
  await page.goBack();
  await page.getByTestId('project-dashboard').waitFor();
  await page.getByTestId('warning-safetyOverdue-open').click();
  await waitPath(page, `/projects/${projectId}/data`);
  wantEqual('filter of overdue safety works', filterOf(page), {
    conditions: [{ field: 'safety_overdue', op: 'eq', value: true }],
  });
  wantEqual('table total of overdue safety works', await tableTotal(page, 1), 1);
  const overdueTable = await apiJSON(page, 'POST', `/api/content/data${q}`, { filter: overdueFilter });
  wantEqual('objects with an overdue inspection', overdueTable.json.total, 1);

  // The info window: tree 6 was never inspected, so it is "not assessed", not "safe"; tree 1's
  // felling is past its deadline, and a new felling without a near deadline is warned of.
  await goto(page, `/projects/${projectId}/map?tree=${t6.id}`);
  const badge = page.locator('[data-testid="tree-safety"][data-assessment="unassessed"]');
  await badge.waitFor();
  assert(/not assessed/i.test(await badge.innerText()), `tree 6 reads ${await badge.innerText()}`);
  await goto(page, `/projects/${projectId}/map?tree=${t1.id}`);
  await page.getByTestId('tree-tab-actions').click();
  await page.getByTestId('tree-safety-overdue').waitFor();
  await page.getByTestId('action-new').click();
  await choose(page, 'action-field-work', felling.name);
  await page.getByTestId('action-felling-far').waitFor();
  await page.getByTestId('action-field-deadline').fill(isoDay(10));
  await page.getByTestId('action-felling-far').waitFor({ state: 'detached' });
  await page.getByTestId('action-field-deadline').fill(isoDay(40));
  await page.getByTestId('action-felling-far').waitFor();
  await page.keyboard.press('Escape');

  // Home counts trees and groups together and says so.
  await goto(page, '/');
  const objects = page.getByTestId('home-objects');
  await objects.waitFor();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="home-objects"]')?.getAttribute('data-value') === '7',
  );
  assert(
    (await objects.innerText()).toLowerCase().includes('trees and groups'),
    `home says ${await objects.innerText()}`,
  );

  // The user dashboard sums up the projects, lists the project and carries the news.
  await goto(page, '/projects/dashboard');
  await page.getByTestId('user-dashboard').waitFor();
  wantEqual('projects', await figure(page, 'figure-projects'), 1);
  wantEqual('trees (all projects)', await figure(page, 'figure-trees'), 6);
  wantEqual('open works (all projects)', await figure(page, 'figure-works'), 3);
  wantEqual('open inspections (all projects)', await figure(page, 'figure-checks'), 2);
  // Every inspection and deadline row is there, so the shares are of the same whole as on the
  // project dashboard (the projects dashboard once left out "later" and "never inspected").
  wantEqual('inspections (all projects)', await segmentValue(page, 'card-checks', 'never'), 3);
  wantEqual('later inspections (all projects)', await segmentValue(page, 'card-checks', 'later'), 1);
  wantEqual('later deadlines (all projects)', await segmentValue(page, 'card-works', 'later'), 0);
  const row = page.locator(`[data-testid="dashboard-project"][data-project="${projectId}"]`);
  wantEqual('project row', await row.getByTestId('project-open-checks').innerText(), '2');
  const firstNews = page.getByTestId('news-time').first();
  await firstNews.waitFor();
  const when = await firstNews.innerText();
  assert(/just now|minute/.test(when), `the newest news is "${when}"`);
  // Safety-relevant works past their deadline stand above everything else (tree 1's felling).
  const alert = page.getByTestId('safety-alerts').getByTestId('safety-alert');
  wantEqual('overdue safety alerts', await alert.count(), 1);
  wantEqual('objects with overdue safety works', Number(await alert.getAttribute('data-value')), 1);
  await chartsReady(page);
  await shot(page, 'dashboard-user-en-light');
  await page.getByTestId('safety-alert-open').click();
  await waitPath(page, `/projects/${projectId}/data`);
  wantEqual('rows of the overdue safety alert', await tableTotal(page, 1), 1);

  // A job of trees 1 and 2 with their works; its progress after a completed work and an inspection.
  const made = await apiJSON(page, 'POST', `/api/content/job/add-list-new${q}`, {
    name: 'Frühjahrsrunde',
    ids: [t1.id, t2.id],
    actions: [w1.id, w2.id],
  });
  assert(made.status === 200, `the job: ${made.status} ${JSON.stringify(made.json)}`);
  const jobId = made.json.job.id;
  await goto(page, '/jobs/dashboard');
  await page.waitForURL((u) => u.searchParams.get('project') === projectId);
  await choose(page, 'job-dashboard-job', 'Frühjahrsrunde');
  await page.locator(`[data-testid="job-dashboard"][data-job="${jobId}"]`).waitFor();
  wantEqual('job trees', await figure(page, 'figure-trees'), 2);
  wantEqual('job works done', await figure(page, 'figure-works-done'), 0);
  wantEqual('job works open', await segmentValue(page, 'card-progress-works', 'open'), 2);
  wantEqual('job not safe', await segmentValue(page, 'card-safety', '3'), 1);

  const done = await apiJSON(page, 'POST', `/api/content/action/${w1.id}/complete${q}`, {
    version: w1.version,
    execute_note: 'Gefällt',
  });
  assert(done.status === 200, `completing the work: ${done.status} ${JSON.stringify(done.json)}`);
  await inspect(t2, { damage_tree: 1 });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.locator(`[data-testid="job-dashboard"][data-job="${jobId}"]`).waitFor();
  wantEqual('job works done after completing one', await figure(page, 'figure-works-done'), 1);
  wantEqual('job works open after completing one', await segmentValue(page, 'card-progress-works', 'open'), 1);
  wantEqual('job objects inspected', await figure(page, 'figure-checks-done'), 1);
  wantEqual('job safety after the felling', await segmentValue(page, 'card-safety', '3'), 0);
  await chartsReady(page);
  await shot(page, 'dashboard-job-en-light');

  // A job's segment opens the data view within the job: the doubtful tree.
  await page.getByTestId('card-safety').locator('[data-testid="segment"][data-key="1"]').click();
  await waitPath(page, `/projects/${projectId}/data`);
  const doubtful = filterOf(page);
  wantEqual("filter of the job's doubtful objects", doubtful, {
    state: 'all',
    conditions: [
      { field: 'job', op: 'eq', value: jobId },
      { field: 'action_security', op: 'in', value: [1] },
    ],
  });
  wantEqual("table total of the job's doubtful objects", await tableTotal(page, 1), 1);
  const jobTable = await apiJSON(page, 'POST', `/api/content/data${q}`, { filter: doubtful });
  wantEqual("the job's doubtful objects", [jobTable.json.total, jobTable.json.items[0]?.id], [1, t2.id]);

  // German and dark: the same pages.
  await goto(page, '/projects/dashboard');
  await page.getByTestId('user-dashboard').waitFor();
  await pickMenu(page, 'language-menu', 'language-de');
  await page.getByText('Offene Kontrollen').first().waitFor();
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
  const news = await page.getByTestId('news-time').first().innerText();
  assert(/gerade eben|Minute/.test(news), `the newest news in German is "${news}"`);
  await chartsReady(page);
  await shot(page, 'dashboard-user-de-dark');
  await noCutTexts(page, 'user dashboard in German');
  await goto(page, `/projects/${projectId}/dashboard`);
  await page.getByTestId('project-dashboard').waitFor();
  await page.getByText('Verkehrssicherheit').first().waitFor();
  await chartsReady(page);
  await shot(page, 'dashboard-project-de-dark');
  await noCutTexts(page, 'project dashboard in German');
  // German on a phone: the legends still say their whole names.
  await page.setViewportSize({ width: 390, height: 844 });
  await chartsReady(page);
  await shot(page, 'dashboard-project-de-dark-phone');
  await noCutTexts(page, 'project dashboard in German on a phone');
  await page.setViewportSize({ width: 1280, height: 860 });
  await goto(page, `/jobs/dashboard?project=${projectId}&job=${jobId}`);
  await page.locator(`[data-testid="job-dashboard"][data-job="${jobId}"]`).waitFor();
  await chartsReady(page);
  await shot(page, 'dashboard-job-de-dark');
  await noCutTexts(page, 'job dashboard in German');
  noPageErrors(page);
});
