// The data view: a filter built in the panel, saved and shared; table, map and dashboard agree on
// the count; mass edit, archive and activate; a bad filter from a link is named by the server.
import { readFile } from 'node:fs/promises';
import {
  ARTIFACTS,
  TIMEOUT,
  test,
  assert,
  shot,
  see,
  waitPath,
  newUser,
  createOrganisation,
  createProject,
  apiJSON,
  goto,
  mapReady,
  waitTreeCount,
  mapPixel,
  selectOnMap,
  newPage,
  login,
  pickMenu,
  waitTotal,
  noCutTexts,
  acceptInvitations,
  noPageErrors,
} from '../lib.mjs';

/** The rows the grid draws (ids), once it drew n of them. */
async function gridRows(page, n) {
  await page
    .waitForFunction((n) => document.querySelectorAll('[data-testid="data-table"] .ag-row[row-id]').length === n, n, {
      timeout: 15000,
    })
    .catch(async (e) => {
      await shot(page, 'data-fail', { fullPage: false });
      const html = await page.evaluate(
        () =>
          (document.querySelector('[data-testid="data-table"] .ag-row')?.outerHTML ?? 'no row').slice(0, 3000) +
          ' ROWS:' +
          document.querySelectorAll('[data-testid="data-table"] .ag-row').length,
      );
      throw new Error(`${e.message}\n${html}`);
    });
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="data-table"] .ag-row[row-id]')].map((r) => r.getAttribute('row-id')),
  );
}

/** Ticks the selection checkbox of the grid row of an object. */
async function tick(page, id) {
  await page.locator(`[data-testid="data-table"] .ag-row[row-id="${id}"] input.ag-checkbox-input`).click();
}

/** Adds an attribute condition by the field's label. */
async function addCondition(page, label) {
  await page.getByTestId('filter-add').click();
  await page.getByTestId('filter-add').fill(label);
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function dashboardTrees(page, projectId, filter) {
  const r = await apiJSON(
    page,
    'GET',
    `/api/content/dashboard/project?project=${projectId}&filter=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  assert(r.status === 200, `dashboard answered ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json.trees + r.json.groups;
}

test('data: filter panel, saved and shared filter, table, map and dashboard agree, mass edit, archive', async (browser) => {
  let current;
  try {
    await dataFlow(browser, (p) => (current = p));
  } catch (e) {
    if (current) await shot(current, 'data-failed', { fullPage: false }).catch(() => undefined);
    throw e;
  }
});

/**
 * The view's archiving task has ended: its notice (screenshot `picture`), the eight objects under the
 * "Archived" state, and the view activated again.
 */
async function archivedAndBack(page, picture, { archived, tab, activated }) {
  await page.waitForTimeout(300); // the confirm's close and the notice's entry
  await page.screenshot({ path: `${ARTIFACTS}${picture}.png` });
  await see(page, archived);
  await waitTotal(page, 0);
  await page.getByTestId('filter-state').getByText(tab, { exact: true }).click();
  await waitTotal(page, 8);
  await page.getByTestId('action-view').click();
  await page.getByTestId('action-activate-view').click();
  await page.getByTestId('archive-confirm').click();
  await see(page, activated);
  await waitTotal(page, 0);
}

async function dataFlow(browser, track) {
  const member = await newUser(browser, 'data-member', { lastName: 'Linde' });
  const { page } = await newUser(browser, 'data');
  track(page);
  const orgId = await createOrganisation(page, `Baumpflege ${Date.now().toString(36)}`);
  const projectId = await createProject(page, orgId, 'Alleen');
  const q = `?project=${projectId}`;

  // Eight trees close together: vitality and height decide the filter below.
  const vitality = [0, 1, 2, 3, 2, 2, 0, 2];
  const height = [5, 12, 18, 7, 22, 9, 15, 30];
  const ids = [];
  for (let i = 0; i < 8; i++) {
    const r = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
      geom: { type: 'Point', coordinates: [9.43 + (i % 4) * 0.0004, 54.78 + Math.floor(i / 4) * 0.0003] },
      number: i + 1,
      vitality: vitality[i],
      height: height[i],
    });
    assert(r.status === 201, `creating tree ${i + 1} answered ${r.status}: ${JSON.stringify(r.json)}`);
    ids.push(r.json.id);
  }
  // Trees 3, 5 and 8: severely weakened and at least 10 m high.
  const expected = [ids[2], ids[4], ids[7]];
  const share = await apiJSON(page, 'POST', `/api/management/project/${projectId}/users`, {
    emails: member.email,
    access: 2,
  });
  assert(share.status === 200 || share.status === 201, `sharing the project answered ${share.status}`);
  assert((await acceptInvitations(member.page)) === 1, 'the member was not invited');

  // The project page leads to the data view: every tree of the stock.
  await goto(page, `/projects/${projectId}`);
  await page.getByTestId('project-data-view').click();
  await waitPath(page, `/projects/${projectId}/data`);
  await page.getByTestId('data-view').waitFor();
  await waitTotal(page, 8);
  await gridRows(page, 8);

  // Build the filter in the panel: vitality is one of "Severely weakened", height at least 10.
  await addCondition(page, 'Vitality');
  const vit = page.locator('[data-testid="filter-condition"][data-field="vitality"]');
  await vit.getByTestId('filter-condition-value').click();
  await page.getByRole('option', { name: 'Severely weakened', exact: true }).click();
  await page.keyboard.press('Escape');
  await waitTotal(page, 4);
  await addCondition(page, 'Height (m)');
  const h = page.locator('[data-testid="filter-condition"][data-field="height"]');
  await h.getByTestId('filter-condition-op').click();
  await page.getByRole('option', { name: 'at least', exact: true }).click();
  await h.getByTestId('filter-condition-value').fill('10');
  await waitTotal(page, 3);
  const rows = await gridRows(page, 3);
  assert(rows.sort().join() === [...expected].sort().join(), `table rows ${rows} are not trees 3, 5, 8`);

  // Sorting by a column is done by the server: height descending puts tree 8 first.
  await page.locator('[data-testid="data-table"] .ag-header-cell[col-id="height"] .ag-header-cell-label').click();
  await page.locator('[data-testid="data-table"] .ag-header-cell[col-id="height"] .ag-header-cell-label').click();
  await page.waitForFunction(
    (id) => document.querySelector('[data-testid="data-table"] .ag-row[row-index="0"]')?.getAttribute('row-id') === id,
    ids[7],
  );

  // Save it: the URL carries the filter's id.
  await page.getByTestId('filter-save').click();
  await page.locator('input[name="filterName"]').fill('Geschwächte hohe Bäume');
  await page.getByTestId('filter-save-submit').click();
  await see(page, 'Filter “Geschwächte hohe Bäume” saved.');
  await page.waitForURL((u) => /^[0-9a-f-]{36}$/.test(u.searchParams.get('filter') ?? ''));
  const filterId = new URL(page.url()).searchParams.get('filter');
  const saved = await apiJSON(page, 'GET', `/api/content/filters${q}`);
  const mine = saved.json.items.find((f) => f.id === filterId);
  assert(mine && mine.filter.conditions.length === 2, `saved filter ${JSON.stringify(mine)}`);

  // Table, map and dashboard agree on the count.
  await mapReady(page);
  await waitTreeCount(page, 3);
  const tilesFiltered = await page.evaluate(() =>
    window.__map.queryRenderedFeatures({ layers: ['trees'] }).map((f) => f.id),
  );
  assert(tilesFiltered.length === 3, `the map draws ${tilesFiltered.length} trees`);
  assert((await dashboardTrees(page, projectId, mine.filter)) === 3, 'the dashboard does not count 3 objects');
  // On the data view's short map the open legend stays clear of the drawing tools.
  const legendBox = await page.getByTestId('map-legend').boundingBox();
  const toolsBox = await page.getByTestId('map-tools').boundingBox();
  assert(
    legendBox &&
      toolsBox &&
      (legendBox.x >= toolsBox.x + toolsBox.width || legendBox.y >= toolsBox.y + toolsBox.height),
    `the legend ${JSON.stringify(legendBox)} lies over the tools ${JSON.stringify(toolsBox)}`,
  );
  await shot(page, 'data-en-light', { fullPage: false });

  // A row opens the info window of its tree.
  await page.locator(`[data-testid="data-table"] .ag-row[row-id="${ids[4]}"] [col-id="number"]`).click();
  await page.locator(`[data-testid="map-tree-card"][data-tree="${ids[4]}"]`).waitFor();
  await page.waitForURL((u) => u.searchParams.get('tree') === ids[4]);
  await page.getByTestId('tree-close').click();
  await page.locator('[data-testid="map-tree-card"]').waitFor({ state: 'detached' });

  // A polygon on the map around trees 5 and 8 selects their rows (the filter still applies). The
  // legend is folded first: on the short map it would lie over tree 5.
  if ((await page.getByTestId('map-legend').getAttribute('data-open')) === 'true')
    await page.getByTestId('map-legend-toggle').click();
  await page.getByTestId('map-tool-select').click();
  const p5 = await mapPixel(page, [9.43, 54.7803]);
  const p8 = await mapPixel(page, [9.4312, 54.7803]);
  await selectOnMap(page, [p5.x - 20, p5.y - 20, p8.x + 20, p5.y + 20]);
  await page.locator('[data-testid="selection-bar"][data-count="2"]').waitFor();
  const picked = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="data-table"] .ag-row[aria-selected="true"]')].map((r) =>
      r.getAttribute('row-id'),
    ),
  );
  assert(picked.sort().join() === [ids[4], ids[7]].sort().join(), `the polygon selected rows ${picked}`);
  await page.getByTestId('selection-clear').click();
  await page.locator('[data-testid="selection-bar"][data-count="0"]').waitFor();

  // Share it with the member by e-mail; the link names the filter.
  await page.getByTestId('action-share').click();
  await page.getByTestId('share-filter').waitFor();
  const link = await page.getByTestId('share-filter-link').inputValue();
  assert(link.endsWith(`/projects/${projectId}/data?filter=${filterId}`), `share link ${link}`);
  await page.locator('[data-testid="share-filter-form"] input[name="emails"]').fill(member.email);
  await shot(page, 'data-share-en-light', { fullPage: false });
  await page.getByTestId('share-filter-submit').click();
  await see(page, `Filter shared with ${member.email}`);

  // The member opens the link and sees the same count, in German and dark.
  const mp = await newPage(browser, { locale: 'de-DE', colorScheme: 'dark' });
  await goto(mp, '/login');
  await login(mp, member.email);
  await waitPath(mp, '/');
  await goto(mp, `/projects/${projectId}/data?filter=${filterId}`);
  await mp.getByTestId('data-view').waitFor();
  await waitTotal(mp, 3);
  await gridRows(mp, 3);
  await mapReady(mp);
  await waitTreeCount(mp, 3);
  const theirs = await apiJSON(mp, 'GET', `/api/content/filters${q}`);
  assert(
    theirs.json.items.some((f) => f.id === filterId && !f.mine),
    'the shared filter is not in the member’s list',
  );
  assert((await dashboardTrees(mp, projectId, mine.filter)) === 3, 'the member’s dashboard does not count 3');
  await pickMenu(mp, 'language-menu', 'language-de');
  await see(mp, '3 Objekte');
  await see(mp, 'Gespeicherte Filter');
  await shot(mp, 'data-de-dark', { fullPage: false });
  // The grid's cells may cut a long value; its headers, the panel and the toolbar may not.
  await noCutTexts(mp, 'data view in German', { ignore: '.ag-cell, .maplibregl-map' });
  await mp.setViewportSize({ width: 390, height: 844 });
  await mp.waitForTimeout(300);
  await shot(mp, 'data-de-dark-phone');
  await noCutTexts(mp, 'data view in German on a phone', { ignore: '.ag-cell, .maplibregl-map' });
  await mp.setViewportSize({ width: 1280, height: 860 });
  // Editors archive but do not mass-edit or archive the whole view.
  assert((await mp.getByTestId('action-mass-edit').count()) === 0, 'an editor is offered mass edit');
  assert((await mp.getByTestId('action-view').count()) === 0, 'an editor is offered archiving the view');
  await mp.getByTestId('action-share').click();
  await mp.getByTestId('share-filter').waitFor();
  await mp.getByTestId('share-filter-not-mine').waitFor();
  await shot(mp, 'data-share-de-dark', { fullPage: false });
  await mp.keyboard.press('Escape');
  await mp.context().close();

  // Mass edit two rows: vitality "Dead"; they leave the filter, the table shows one.
  await tick(page, ids[2]);
  await tick(page, ids[4]);
  await page.locator('[data-testid="selection-bar"][data-count="2"]').waitFor();
  // The map highlights the same selection.
  await page.waitForFunction(() => {
    const m = window.__map;
    return (
      m
        .queryRenderedFeatures({ layers: ['trees'] })
        .filter((f) => m.getFeatureState({ source: 'trees', sourceLayer: 'trees', id: f.id }).selected).length === 2
    );
  });
  // The selection as an Excel list: a workbook (a zip) named after the project.
  await page.getByTestId('action-export-menu').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('action-export').click()]);
  const name = download.suggestedFilename();
  assert(/\.xlsx$/.test(name) && name.startsWith('Alleen'), `the Excel list is called ${name}`);
  const file = await download.path();
  const head = (await readFile(file)).subarray(0, 2).toString();
  assert(head === 'PK', `the Excel list is no workbook: ${head}`);
  await page.getByTestId('action-mass-edit').click();
  await page.getByTestId('mass-edit-fields').click();
  await page.getByRole('option', { name: 'Vitality', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('mass-edit-value-vitality').click();
  await page.getByRole('option', { name: 'Dead', exact: true }).click();
  await shot(page, 'data-mass-edit-en-light', { fullPage: false });
  await page.getByTestId('mass-edit-submit').click();
  await see(page, '2 objects changed.');
  await page.locator('[data-testid="selection-bar"][data-count="0"]').waitFor();
  await waitTotal(page, 1);
  assert((await gridRows(page, 1))[0] === ids[7], 'tree 8 is not the one left');
  for (const id of [ids[2], ids[4]]) {
    const t = await apiJSON(page, 'GET', `/api/content/tree/${id}${q}`);
    assert(t.json.vitality === 4, `tree ${id} has vitality ${t.json.vitality} after mass edit`);
  }

  // Archive the one left, then see it among the archived and activate it again.
  await tick(page, ids[7]);
  await page.getByTestId('action-archive').click();
  await page.getByTestId('archive-confirm').click();
  await see(page, '1 object archived.');
  await waitTotal(page, 0);
  await page.getByTestId('filter-state').getByText('Archived', { exact: true }).click();
  await waitTotal(page, 1);
  await tick(page, ids[7]);
  await page.getByTestId('action-activate').click();
  await page.getByTestId('archive-confirm').click();
  await see(page, '1 object activated.');
  await waitTotal(page, 0);

  // Management archives the whole filtered view (the stock's trees 1–8 less nothing) and back.
  // The server archives up to five objects within the request (ARBOR_ARCHIVE_AT_ONCE in
  // scripts/e2e.sh), so these eight are a task in its queue, whose progress the notice shows.
  await page.getByTestId('filter-reset').click();
  await waitTotal(page, 8);
  await page.getByTestId('action-view').click();
  await page.getByTestId('action-archive-view').click();
  await page.getByTestId('archive-confirm').click();
  const progress = page.getByTestId('task-progress');
  await progress.waitFor({ state: 'visible', timeout: TIMEOUT });
  assert((await progress.getAttribute('data-total')) === '8', 'the task is not of the eight objects of the view');
  await archivedAndBack(page, 'data-archive-task-en-light', {
    archived: '8 objects archived.',
    tab: 'Archived',
    activated: '8 objects activated.',
  });

  // Quick search: number 7 is tree 7.
  await page.getByTestId('filter-reset').click();
  await waitTotal(page, 8);
  await page.getByTestId('data-search').fill('7');
  await waitTotal(page, 1);
  assert((await gridRows(page, 1))[0] === ids[6], 'quick search did not find tree 7');
  await page.getByTestId('data-search').fill('');
  await waitTotal(page, 8);

  // The column chooser: planting year shown, species hidden; still so after a reload.
  const header = (id) => page.locator(`[data-testid="data-table"] .ag-header-cell[col-id="${id}"]`);
  await page.getByTestId('column-chooser').click();
  await page.getByTestId('column-planting_year').click();
  await page.getByTestId('column-species').click();
  await page.keyboard.press('Escape');
  await header('planting_year').waitFor();
  await header('species').waitFor({ state: 'detached' });
  await page.reload();
  await page.getByTestId('data-view').waitFor();
  await header('planting_year').waitFor();
  assert((await header('species').count()) === 0, 'the species column is back after a reload');
  // Kept on the server, so another device shows them too: without this browser's copy, the same.
  const keptRight = (cols) =>
    cols?.find((c) => c.colId === 'species')?.hide === true &&
    cols?.find((c) => c.colId === 'planting_year')?.hide === false;
  let kept = null;
  for (let i = 0; i < 50 && !keptRight(kept?.json?.columns); i++) {
    if (i) await page.waitForTimeout(100);
    kept = await apiJSON(page, 'GET', `/api/content/table-columns?project=${projectId}`);
  }
  assert(keptRight(kept.json?.columns), `the server did not keep the columns: ${JSON.stringify(kept.json)}`);
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('arbor-data-columns:')) localStorage.removeItem(k);
  });
  await page.reload();
  await page.getByTestId('data-view').waitFor();
  await header('planting_year').waitFor();
  await header('species').waitFor({ state: 'detached' });

  // A column dragged by its heading moves there, and stays there after a reload.
  const order = () =>
    page.$$eval('[data-testid="data-table"] .ag-header-cell[col-id]', (cells) =>
      cells
        .sort((a, b) => Number(a.getAttribute('aria-colindex')) - Number(b.getAttribute('aria-colindex')))
        .map((c) => c.getAttribute('col-id')),
    );
  const before = await order();
  assert(before.indexOf('planting_year') > before.indexOf('number'), `unexpected column order ${before}`);
  const from = await header('planting_year').locator('.ag-header-cell-label').boundingBox();
  const to = await header('number').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 4, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  const movedFirst = async () => {
    const o = await order();
    return o.indexOf('planting_year') < o.indexOf('number');
  };
  for (let i = 0; i < 30 && !(await movedFirst()); i++) await page.waitForTimeout(100);
  assert(await movedFirst(), `dragging the planting year before the number left ${await order()}`);
  await page.waitForTimeout(300); // the change reaches the server
  await page.reload();
  await page.getByTestId('data-view').waitFor();
  await header('planting_year').waitFor();
  assert(await movedFirst(), `the moved column is back after a reload: ${await order()}`);

  // A filter from a link with an unknown field: the server's message at that condition.
  await goto(
    page,
    `/projects/${projectId}/data?filter=${encodeURIComponent(JSON.stringify({ conditions: [{ field: 'nope', op: 'eq', value: 1 }] }))}`,
  );
  await page
    .locator('[data-testid="filter-condition"][data-field="nope"] [data-testid="filter-condition-error"]')
    .waitFor();
  await see(page, 'There is no such field to filter by.');
  await page.getByTestId('data-error').waitFor();
  await shot(page, 'data-error-en-light', { fullPage: false });

  // German and dark: the mass edit modal.
  await pickMenu(page, 'language-menu', 'language-de');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.getByTestId('filter-reset').click();
  await waitTotal(page, 8);
  await tick(page, ids[0]);
  await page.getByTestId('action-mass-edit').click();
  await page.getByTestId('mass-edit-fields').click();
  await page.getByRole('option', { name: 'Vitalität', exact: true }).click();
  await page.keyboard.press('Escape');
  await see(page, 'Die gewählten Felder an 1 ausgewähltem Objekt setzen.');
  await shot(page, 'data-mass-edit-de-dark', { fullPage: false });
  await page.keyboard.press('Escape');

  // German and dark: the whole view archived through a task, and activated again.
  await page.getByTestId('action-view').click();
  await page.getByTestId('action-archive-view').click();
  await page.getByTestId('archive-confirm').click();
  await progress.waitFor({ state: 'visible', timeout: TIMEOUT });
  await see(page, 'Sie können die Seite verlassen');
  await archivedAndBack(page, 'data-archive-task-de-dark', {
    archived: '8 Objekte archiviert.',
    tab: 'Archiviert',
    activated: '8 Objekte aktiviert.',
  });

  // The data view of the most recent project from /projects/data.
  await goto(page, '/projects/data');
  await waitPath(page, `/projects/${projectId}/data`);
  await page.getByTestId('data-view').waitFor();
  noPageErrors(page);
}
