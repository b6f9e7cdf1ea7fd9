// Exports as a city's tree officer makes them: the open works of selected trees as a GAEB X83
// tender from the data view's Export menu, with the GAEB export modal; the same for a job.
import { execFileSync, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import {
  test,
  assert,
  shot,
  goto,
  newUser,
  newPage,
  login,
  waitPath,
  createOrganisation,
  createProject,
  apiJSON,
} from '../lib.mjs';

/** A project with three lindens, two with crown maintenance and one to fell. */
async function streetTrees(page) {
  const orgId = await createOrganisation(page, `Grünflächenamt ${Date.now().toString(36)}`);
  const projectId = await createProject(page, orgId, 'Straßenbäume');
  const q = `?project=${projectId}`;
  const lists = await apiJSON(page, 'GET', `/api/content/lists${q}`);
  assert(lists.status === 200, `lists answered ${lists.status}`);
  const linden = lists.json.species.find((s) => s.botanical === 'Tilia cordata');
  const work = (name) => lists.json.work.find((w) => w.name === name);
  const pruning = work('Crown maintenance pruning');
  const felling = work('Felling');
  assert(linden && pruning && felling, 'species or works missing from the lists');
  const ids = [];
  for (let i = 0; i < 3; i++) {
    const r = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
      geom: { type: 'Point', coordinates: [9.43 + i * 0.0003, 54.78] },
      number: i + 1,
      species: linden.id,
      height: 14 + i,
    });
    assert(r.status === 201, `creating tree ${i + 1} answered ${r.status}: ${JSON.stringify(r.json)}`);
    ids.push(r.json.id);
  }
  for (const [i, w] of [
    [0, pruning],
    [1, felling],
    [2, pruning],
  ]) {
    const r = await apiJSON(page, 'POST', `/api/content/action${q}`, {
      tree: ids[i],
      work: w.id,
      deadline: '2027-03-01',
    });
    assert(r.status === 201, `adding a work answered ${r.status}: ${JSON.stringify(r.json)}`);
  }
  return { orgId, projectId, ids };
}

/**
 * Holds an exclusive lock on a table of the server's database (scripts/e2e.sh gives its address)
 * until release: whatever writes to it waits, as work does behind a slow statement.
 */
async function holdLock(table) {
  const url = process.env.ARBOR_E2E_DATABASE_URL;
  assert(url, 'ARBOR_E2E_DATABASE_URL is not set (scripts/e2e.sh sets it)');
  const psql = spawn('psql', [url, '-qX', '-v', 'ON_ERROR_STOP=1'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const locked = new Promise((resolve, reject) => {
    psql.stdout.on('data', (d) => d.toString().includes('locked') && resolve());
    psql.on('exit', (code) => reject(new Error(`psql ended (${code}) before the lock was held`)));
  });
  psql.stdin.write(`BEGIN; LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE; SELECT 'locked';\n`);
  await locked;
  return {
    release: () =>
      new Promise((resolve) => {
        psql.removeAllListeners('exit');
        psql.on('exit', resolve);
        psql.stdin.end('COMMIT;\n');
      }),
  };
}

/** The person logged in again in German, dark, on a phone. */
async function germanPhone(browser, email) {
  const de = await newPage(browser, { locale: 'de-DE', colorScheme: 'dark', viewport: { width: 390, height: 844 } });
  await goto(de, '/login');
  await login(de, email);
  await waitPath(de, '/');
  await de.getByTestId('language-menu').first().click();
  await de.getByTestId('language-de').click();
  return de;
}

const row = (page, id) => page.locator(`[data-testid="data-table"] .ag-row[row-id="${id}"]`);

/** German, dark, on a phone: the data view's export menu opens the modal of one kind of export. */
async function phoneExportModal(page, projectId, id, kind) {
  await goto(page, `/projects/${projectId}/data`);
  await row(page, id).waitFor();
  await page.getByTestId('action-export-menu').click();
  await page.getByTestId(`action-export-${kind}`).click();
  await page.getByTestId(`${kind}-modal`).getByTestId(`${kind}-scope`).waitFor();
  await shot(page, `exports-${kind}-de-dark-phone`, { fullPage: false });
}

test('exports: a selection as a GAEB tender from the data view, and a job as one', async (browser) => {
  const { page, email } = await newUser(browser, 'exports');
  const { projectId, ids } = await streetTrees(page);

  await goto(page, `/projects/${projectId}/data`);
  await page.getByTestId('data-view').waitFor();
  for (const id of ids) await row(page, id).waitFor();
  for (const id of ids.slice(0, 2)) await row(page, id).locator('input.ag-checkbox-input').click();
  await page.locator('[data-testid="selection-bar"][data-count="2"]').waitFor();

  await page.getByTestId('action-export-menu').click();
  await page.getByTestId('action-export-gaeb').waitFor();
  await shot(page, 'exports-menu-en-light', { fullPage: false });
  await page.getByTestId('action-export-gaeb').click();
  const modal = page.getByTestId('gaeb-modal');
  await modal.getByTestId('gaeb-scope').waitFor();
  const scope = await modal.getByTestId('gaeb-scope').innerText();
  assert(scope.includes('2 selected objects'), `the modal says ${scope}`);
  await shot(page, 'exports-gaeb-en-light', { fullPage: false });
  const [download] = await Promise.all([page.waitForEvent('download'), modal.getByTestId('gaeb-download').click()]);
  assert(/^Tender Straßenbäume \d{4}-\d\d-\d\d\.x83$/.test(download.suggestedFilename()), download.suggestedFilename());
  const x83 = (await readFile(await download.path())).toString('utf8');
  assert(x83.includes('<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3">'), 'no GAEB file');
  assert(x83.includes('Baum Nr. 1: Tilia cordata') && x83.includes('Baum Nr. 2: Tilia cordata'), 'trees not named');
  assert(!x83.includes('Baum Nr. 3'), 'a tree outside the selection was tendered');
  assert(x83.includes('<QU>Stk</QU>') && x83.includes('Fällung, Einzelbaum'), 'positions');
  await modal.getByTestId('gaeb-scope').waitFor({ state: 'detached' });

  // Nothing open in the selection: the modal says so and stays.
  await page.getByTestId('selection-clear').click();
  await row(page, ids[2]).locator('input.ag-checkbox-input').click();
  const done = await apiJSON(page, 'GET', `/api/content/tree/${ids[2]}/actions?project=${projectId}`);
  const work = done.json[0] ?? done.json.items?.[0];
  const c = await apiJSON(page, 'POST', `/api/content/action/${work.id}/complete?project=${projectId}`, {
    version: work.version,
    execute_note: 'done',
  });
  assert(c.status === 200, `completing answered ${c.status}`);
  await page.getByTestId('action-export-menu').click();
  await page.getByTestId('action-export-gaeb').click();
  await modal.getByTestId('gaeb-download').click();
  const error = await modal.getByTestId('modal-error').innerText();
  assert(error.includes('no open works'), `the error says ${error}`);

  // A job's tender from the job page.
  const made = await apiJSON(page, 'POST', `/api/content/job/add-list-new?project=${projectId}`, {
    name: 'Pflege Frühjahr',
    ids: ids.slice(0, 1),
  });
  assert(made.status === 200 || made.status === 201, `the job answered ${made.status}: ${JSON.stringify(made.json)}`);
  const jobs = await apiJSON(page, 'GET', `/api/management/job?project=${projectId}`);
  const job = jobs.json.items.find((j) => j.name === 'Pflege Frühjahr');
  await goto(page, `/jobs/${job.id}`);
  await page.getByTestId('job-gaeb-button').click();
  assert((await modal.getByTestId('gaeb-scope').innerText()).includes('Pflege Frühjahr'), 'job scope');
  const [jobFile] = await Promise.all([page.waitForEvent('download'), modal.getByTestId('gaeb-download').click()]);
  const jx = (await readFile(await jobFile.path())).toString('utf8');
  assert(
    jx.includes('Baumarbeiten Pflege Frühjahr') && jx.includes('Baum Nr. 1:') && !jx.includes('Baum Nr. 2:'),
    'job tender',
  );

  // A tree's record as a PDF from its info window.
  await goto(page, `/projects/${projectId}/data?tree=${ids[0]}`);
  await page.getByTestId('map-tree-number').waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByTestId('tree-pdf').click();
  const pdfModal = page.getByTestId('pdf-modal');
  await pdfModal.getByTestId('pdf-scope').waitFor();
  await shot(page, 'exports-pdf-tree-en-light', { fullPage: false });
  const [record] = await Promise.all([page.waitForEvent('download'), pdfModal.getByTestId('pdf-download').click()]);
  assert(/^Record .*\.pdf$/.test(record.suggestedFilename()), record.suggestedFilename());
  const head = (await readFile(await record.path())).subarray(0, 5).toString();
  assert(head === '%PDF-', `the record is no PDF: ${head}`);
  await pdfModal.getByTestId('pdf-scope').waitFor({ state: 'detached' });

  // A list of selected objects; none selected has its own message.
  await goto(page, `/projects/${projectId}/data`);
  for (const id of ids) await row(page, id).waitFor();
  await page.getByTestId('action-export-menu').click();
  await page.getByTestId('action-export-pdf').click();
  await pdfModal.getByTestId('pdf-download').click();
  const none = await pdfModal.getByTestId('modal-error').innerText();
  assert(none.includes('Select at least one tree or group'), `with nothing selected: ${none}`);
  await page.keyboard.press('Escape');
  await pdfModal.getByTestId('pdf-scope').waitFor({ state: 'detached' });
  for (const id of ids) await row(page, id).locator('input.ag-checkbox-input').click();
  await page.locator('[data-testid="selection-bar"][data-count="3"]').waitFor();
  await page.getByTestId('action-export-menu').click();
  await page.getByTestId('action-export-pdf').click();
  assert((await pdfModal.getByTestId('pdf-scope').innerText()).includes('3 selected objects'), 'list scope');
  await shot(page, 'exports-pdf-list-en-light', { fullPage: false });
  const [list] = await Promise.all([page.waitForEvent('download'), pdfModal.getByTestId('pdf-download').click()]);
  const listBytes = await readFile(await list.path());
  assert(listBytes.subarray(0, 5).toString() === '%PDF-' && listBytes.length > 20000, 'the list is no PDF');

  // German, dark, on a phone.
  const de = await germanPhone(browser, email);
  await goto(de, `/projects/${projectId}/data?tree=${ids[0]}`);
  await de.getByTestId('map-tree-number').waitFor();
  await de.waitForLoadState('networkidle');
  await de.getByTestId('tree-pdf').click();
  await de.getByTestId('pdf-modal').getByTestId('pdf-scope').waitFor();
  await shot(de, 'exports-pdf-tree-de-dark-phone', { fullPage: false });
  await de.keyboard.press('Escape');
  await phoneExportModal(de, projectId, ids[0], 'gaeb');
  await de.context().close();
});

test('exports: the view as a GeoPackage in a chosen EPSG code, and the whole project in the queue', async (browser) => {
  const { page, email } = await newUser(browser, 'exports-gis');
  const { orgId, projectId, ids } = await streetTrees(page);
  await goto(page, `/projects/${projectId}/data`);
  await row(page, ids[0]).waitFor();

  // The GIS export modal: GeoPackage in ETRS89 / UTM zone 32N; three objects come at once.
  await page.getByTestId('action-export-menu').click();
  await page.getByTestId('action-export-gis').click();
  const gis = page.getByTestId('gis-modal');
  await gis.getByTestId('gis-scope').waitFor();
  assert((await gis.getByTestId('gis-scope').innerText()).includes('3'), 'the GIS modal names another scope');
  await gis.getByTestId('gis-srid').click();
  await page.getByRole('option', { name: 'EPSG:25832 · ETRS89 / UTM zone 32N' }).click();
  await shot(page, 'exports-gis-en-light', { fullPage: false });
  const [gpkg] = await Promise.all([page.waitForEvent('download'), gis.getByTestId('gis-download').click()]);
  assert(gpkg.suggestedFilename().endsWith('.gpkg'), `GeoPackage named ${gpkg.suggestedFilename()}`);
  const info = execFileSync('ogrinfo', ['-ro', '-al', '-so', await gpkg.path()]).toString();
  assert(info.includes('Feature Count: 3') && info.includes('UTM zone 32N'), `ogrinfo:\n${info}`);

  // More objects than the server makes at once (ARBOR_EXPORT_AT_ONCE=5 in scripts/e2e.sh): the
  // whole project goes to the queue; a notice shows its progress, then the download.
  for (let i = 4; i <= 7; i++) {
    const r = await apiJSON(page, 'POST', `/api/content/tree?project=${projectId}`, {
      geom: { type: 'Point', coordinates: [9.43 + i * 0.0003, 54.781] },
      number: i,
    });
    assert(r.status === 201, `creating tree ${i} answered ${r.status}`);
  }
  await page.reload();
  await row(page, ids[0]).waitFor();
  // The export records are held locked, so the workbook is made but cannot finish: one leaves the
  // data view while it runs and, coming back, finds its progress shown again, then the download.
  const lock = await holdLock('export_record');
  await page.getByTestId('action-export-menu').click();
  await page.getByTestId('action-export-project').click();
  await page.getByTestId('task-progress').waitFor();
  await goto(page, '/');
  await page.getByTestId('task-progress').waitFor({ state: 'detached' });
  await goto(page, `/projects/${projectId}/data`);
  await row(page, ids[0]).waitFor();
  const again = page.getByTestId('task-progress');
  await again.waitFor();
  assert((await again.getAttribute('data-total')) === '7', 'the progress shown again names another count');
  await shot(page, 'exports-queued-again-en-light', { fullPage: false });
  await lock.release();
  await page.getByTestId('export-ready').waitFor({ timeout: 30000 });
  assert((await page.getByTestId('export-ready').innerText()).includes('7'), 'the ready notice names another count');
  await shot(page, 'exports-queued-ready-en-light', { fullPage: false });
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  assert(xlsx.suggestedFilename().endsWith('.xlsx'), `workbook named ${xlsx.suggestedFilename()}`);
  const book = await readFile(await xlsx.path());
  assert(book.subarray(0, 2).toString() === 'PK' && book.length > 4000, 'the queued download is no workbook');
  const tasks = await apiJSON(page, 'GET', `/api/content/tasks?project=${projectId}`);
  assert(tasks.status === 200 && tasks.json.total === 0, `open tasks after the export: ${JSON.stringify(tasks.json)}`);

  // The administrators see what left the organisation: the GIS file and the queued workbook.
  await goto(page, `/organisations/${orgId}/documents`);
  await page.getByTestId('export-records').waitFor();
  const kinds = await page
    .getByTestId('export-record')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
  assert(
    kinds[0] === 'export-all-trees' && kinds.includes('export-gis'),
    `the organisation's exports, newest first: ${kinds}`,
  );
  await page.getByTestId('organisation-exports').scrollIntoViewIfNeeded();
  await shot(page, 'exports-records-en-light', { fullPage: false });

  // German, dark, on a phone: the GIS modal.
  const de = await germanPhone(browser, email);
  await phoneExportModal(de, projectId, ids[0], 'gis');
  await de.keyboard.press('Escape');
  await goto(de, `/organisations/${orgId}/documents`);
  await de.getByTestId('export-records').waitFor();
  await de.getByTestId('organisation-exports').scrollIntoViewIfNeeded();
  await shot(de, 'exports-records-de-dark-phone', { fullPage: false });
  await de.context().close();
});
