// Job conflicts: an editor works as the job and saves a tree after the manager changed it; the
// save is answered as kept in the job, nothing is lost. The manager sees the
// crew's edit field by field on the job page and applies it (the tree then holds the editor's
// values, under the manager's name in the history), and keeps the current values of another.
import {
  test,
  assert,
  shot,
  see,
  goto,
  waitPath,
  pickMenu,
  newUser,
  createOrganisation,
  createProject,
  apiJSON,
  ok,
  settled,
  acceptInvitations,
  noPageErrors,
  confirmAsked,
} from '../lib.mjs';

test('job conflicts: a stale save in a job session is kept, the manager applies it or keeps the current values', async (browser) => {
  const editor = await newUser(browser, 'crewlinde', { lastName: 'Linde' });
  const { page } = await newUser(browser, 'leadahorn', { lastName: 'Ahorn' });
  const orgId = await createOrganisation(page, `Stadtgrün ${Date.now().toString(36)}`);
  const projectId = await createProject(page, orgId, 'Parkring');
  const q = `?project=${projectId}`;

  // A tree, a job holding it and the editor assigned (the jobs flow builds these in the UI).
  const created = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
    geom: { type: 'Point', coordinates: [9.43, 54.78] },
    number: 5,
    height: 10,
    vitality: 1,
    top_form: 'Round',
  });
  ok(created, 'creating the tree', 201);
  const tree = created.json;
  const made = await apiJSON(page, 'POST', `/api/content/job/add-list-new${q}`, {
    name: 'Storm check',
    ids: [tree.id],
  });
  ok(made, 'creating the job');
  const jobId = made.json.job.id;
  ok(
    await apiJSON(page, 'POST', `/api/management/job/${jobId}/users${q}`, { emails: editor.email, role: 'editor' }),
    'assigning the editor',
  );
  assert((await acceptInvitations(editor.page)) === 1, 'the editor was not invited');

  // The editor works as the job; meanwhile the manager changes the tree, and the editor's save
  // (on the version they loaded; the field app's sync, so the page's own API) meets the newer one.
  const ep = editor.page;
  await goto(ep, `/jobs/${jobId}`);
  await ep.getByTestId('enter-job').click();
  await ep.getByTestId('job-session-bar').waitFor();
  ok(
    await apiJSON(page, 'PUT', `/api/content/tree/${tree.id}${q}`, { version: tree.version, height: 11 }),
    "the manager's change",
  );
  const stale = await apiJSON(ep, 'PUT', `/api/content/tree/${tree.id}`, {
    version: tree.version,
    height: 12.5,
    top_form: 'Columnar',
    vitality: 1,
  });
  assert(
    stale.status === 409 &&
      stale.json.kept === true &&
      stale.json.current.height === 11 &&
      stale.json.message ===
        'Someone changed this tree meanwhile. Your changes are kept in the job for the manager to resolve.',
    `the stale save answered ${stale.status}: ${JSON.stringify(stale.json)}`,
  );
  // The crew sees their kept edit on the job, without the manager's buttons.
  await ep.reload();
  await ep.locator('[data-testid="conflict"][data-kind="edit"]').waitFor();
  await ep.getByTestId('conflict-waiting').waitFor();
  assert((await ep.getByTestId('apply-conflict').count()) === 0, 'the crew is offered to apply');
  await settled(ep);
  await shot(ep, 'job-conflicts-crew-en-light');

  // The manager sees the kept edit field by field on the job page.
  await goto(page, `/jobs/${jobId}`);
  const edit = page.locator('[data-testid="conflict"][data-kind="edit"]');
  await edit.waitFor();
  await see(page, 'Tree 5: changes by Ada Linde met a newer version');
  const height = edit.locator('[data-testid="conflict-field"][data-field="height"]');
  await height.waitFor();
  const theirs = await height.getByTestId('conflict-theirs').textContent();
  const current = await height.getByTestId('conflict-current').textContent();
  assert(theirs === '12.5' && current === '11', `height row: ${theirs} → ${current}`);
  await edit.locator('[data-testid="conflict-field"][data-field="top_form"]').filter({ hasText: 'Columnar' }).waitFor();
  assert(
    (await edit.getByTestId('conflict-field').count()) === 2,
    'the kept edit shows other fields than the changed ones',
  );
  await settled(page);
  await shot(page, 'job-conflicts-job-en-light');

  // Applying asks first; then the tree holds the editor's values, recorded under the manager.
  await confirmAsked(
    page,
    'apply-conflict',
    'apply-conflict-modal',
    'Apply the changes of Ada Linde?',
    'job-conflicts-apply-en-light',
  );
  await see(page, 'Changes applied to Tree 5.');
  await page.locator('[data-testid="conflict"][data-resolution="applied"]').waitFor();
  await see(page, 'Applied by Ada Ahorn');
  const after = await apiJSON(page, 'GET', `/api/content/tree/${tree.id}${q}`);
  ok(after, 'reading the tree');
  assert(
    after.json.height === 12.5 && after.json.top_form === 'Columnar',
    `after applying: ${JSON.stringify(after.json)}`,
  );
  const hist = await apiJSON(page, 'GET', `/api/content/tree-hist${q}&tree=${tree.id}`);
  ok(hist, 'the history');
  const latest = hist.json.items[0];
  assert(
    latest.alias === 'Ada Ahorn' && ['height', 'top_form'].includes(latest.field),
    `newest history entry ${JSON.stringify(latest)}`,
  );
  await goto(page, `/projects/${projectId}/map?tree=${tree.id}`);
  await page.getByTestId('tree-tab-history').click();
  await page.getByTestId('tree-history').waitFor();
  await see(page, 'Columnar');
  await shot(page, 'job-conflicts-history-en-light', { fullPage: false });

  // German, dark: the editor's next stale save is kept again and shows on their job page.
  const now = (await apiJSON(page, 'GET', `/api/content/tree/${tree.id}${q}`)).json;
  ok(
    await apiJSON(page, 'PUT', `/api/content/tree/${tree.id}${q}`, { version: now.version, vitality: 2 }),
    'a second change',
  );
  const again = await apiJSON(ep, 'PUT', `/api/content/tree/${tree.id}`, {
    version: now.version,
    top_form: 'Pyramidal',
  });
  assert(again.status === 409 && again.json.kept === true, `the second stale save answered ${again.status}`);
  await pickMenu(ep, 'language-menu', 'language-de');
  await pickMenu(ep, 'theme-menu', 'theme-dark');
  await ep.reload();
  await ep.locator('[data-testid="conflict"][data-kind="edit"][data-resolved="false"]').waitFor();
  await see(ep, 'Baum 5: Änderungen von Ada Linde trafen auf eine neuere Fassung');
  await settled(ep);
  await shot(ep, 'job-conflicts-crew-de-dark');

  // The manager, German and dark, keeps the current values of that one.
  await goto(page, `/jobs/${jobId}`);
  await pickMenu(page, 'language-menu', 'language-de');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.locator('[data-testid="conflict"][data-kind="edit"][data-resolved="false"]').waitFor();
  await see(page, 'Änderungen übernehmen');
  await settled(page);
  await shot(page, 'job-conflicts-job-de-dark');
  await page.getByTestId('keep-current').click();
  await page.locator('[data-testid="conflict"][data-resolution="kept"]').waitFor();
  await see(page, 'Aktueller Stand behalten von Ada Ahorn');
  await page.getByTestId('job-conflicts').scrollIntoViewIfNeeded();
  const kept = (await apiJSON(page, 'GET', `/api/content/tree/${tree.id}${q}`)).json;
  assert(
    kept.top_form === 'Columnar' && kept.vitality === 2,
    `keeping the current values changed the tree: ${JSON.stringify(kept)}`,
  );
  await shot(page, 'job-conflicts-resolved-de-dark', { fullPage: false });

  await ep.getByTestId('leave-job').first().click();
  await waitPath(ep, '/jobs');
  noPageErrors(page);
  noPageErrors(ep, 'editor page');
});
