// Jobs: a manager builds a job from a saved filter, assigns an editor by e-mail and releases it; the
// editor works as the job (two inspections, one work completed); the manager breaks the editor's
// lock, sees the progress and completes the job; removing an item afterwards is refused.
import {
  OUTBOX,
  test,
  assert,
  shot,
  see,
  goto,
  waitPath,
  pickMenu,
  newUser,
  choose,
  createOrganisation,
  createProject,
  apiJSON,
  ok,
  settled,
  toastClearOfHeader,
  noPageErrors,
  confirmAsked,
} from '../lib.mjs';
import { waitForLink } from '../mail.mjs';

test('jobs: build from a filter, assign, release, work as the job, break a lock, progress, complete, refused removal', async (browser) => {
  const editor = await newUser(browser, 'jobeditor', { lastName: 'Esche' });
  const { page, email: managerEmail } = await newUser(browser, 'jobmanager', { lastName: 'Eiche' });
  assert(managerEmail, 'no manager e-mail');

  // No jobs yet: the empty state offers to create one (after there is a project to manage).
  const orgId = await createOrganisation(page, `Baumpflege ${Date.now().toString(36)}`);
  const projectId = await createProject(page, orgId, 'Alleen Nord');
  await goto(page, '/jobs');
  await page.getByTestId('empty-state').waitFor();
  await page.getByTestId('create-job').first().waitFor();
  await shot(page, 'jobs-empty-en-light');
  const q = `?project=${projectId}`;

  // What other parts of the app build, through the API: three trees (two weakened), a work on
  // tree 1, a saved filter "Weakened trees", and another open job that holds tree 2 already.
  const trees = [];
  for (const [number, vitality, lon] of [
    [1, 2, 9.43],
    [2, 2, 9.431],
    [3, 0, 9.432],
  ]) {
    const r = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
      geom: { type: 'Point', coordinates: [lon, 54.78] },
      number,
      vitality,
    });
    ok(r, `creating tree ${number}`, 201);
    trees.push(r.json);
  }
  const workList = await apiJSON(page, 'GET', `/api/management/organisation/${orgId}/lists/work`);
  ok(workList, 'the work list');
  const entry = workList.json.items[0];
  const work = await apiJSON(page, 'POST', `/api/content/action${q}`, { tree: trees[0].id, work: entry.id });
  ok(work, 'creating the work', 201);
  ok(
    await apiJSON(page, 'POST', `/api/content/filters${q}`, {
      name: 'Weakened trees',
      filter: { conditions: [{ field: 'vitality', op: 'eq', value: 2 }] },
    }),
    'saving the filter',
    201,
  );
  ok(
    await apiJSON(page, 'POST', `/api/content/job/add-list-new${q}`, { name: 'Autumn round', ids: [trees[1].id] }),
    'the other job',
  );

  // The list shows the other job; "Create job" opens the modal; the new job's page follows.
  await goto(page, '/jobs');
  await page.getByTestId('job-list').waitFor();
  await see(page, 'Autumn round');
  await page.getByTestId('create-job').click();
  await page.getByTestId('create-job-form').waitFor();
  await page.getByTestId('job-name').fill('Autumn round');
  await page.getByTestId('job-note').fill('Avenue trees north of the station; crown deadwood first.');
  await page.getByTestId('create-job-submit').click();
  await see(page, 'A job of this name exists in the project already.');
  await page.getByTestId('job-name').fill('Spring round');
  await shot(page, 'jobs-create-en-light', { fullPage: false });
  await page.getByTestId('create-job-submit').click();
  await page.waitForURL((u) => /^\/jobs\/[0-9a-f-]{36}$/.test(u.pathname));
  const jobId = new URL(page.url()).pathname.split('/')[2];
  await page.getByTestId('job-title').waitFor();
  await see(page, 'This job holds no trees, groups or works yet.');

  // From the saved filter: the modal warns that tree 2 is in "Autumn round" already.
  await choose(page, 'saved-filter-select', 'Weakened trees');
  await page.getByTestId('add-from-filter-button').click();
  await page.getByTestId('add-to-job').waitFor();
  const warning = page.getByTestId('overlap-warning');
  await warning.waitFor();
  const warned = await warning.textContent();
  assert(warned.includes('Autumn round') && warned.includes('1 object'), `overlap warning: ${warned}`);
  await shot(page, 'jobs-add-to-job-en-light', { fullPage: false });
  await page.getByTestId('add-to-job-submit').click();
  // Tree 1 brings its open work along: three items, not two.
  await see(page, '3 items added to "Spring round"');
  await page.reload();
  await page.getByTestId('job-items').waitFor();
  await page.getByTestId('items-count').filter({ hasText: '3 items' }).waitFor();
  await page.locator(`[data-testid="job-item"][data-action="${work.json.id}"]`).waitFor();

  // A work added from the job: tree 2 has none open, so a new one is recorded and joins at once.
  await page.locator(`[data-testid="job-item"][data-tree="${trees[1].id}"] [data-testid="add-work"]`).click();
  const addWork = page.getByTestId('add-work-modal');
  await addWork.getByTestId('add-work-none').waitFor();
  assert(await addWork.getByTestId('add-work-submit').isDisabled(), 'adding nothing is offered');
  await choose(page, 'add-work-type', entry.name);
  await addWork.getByTestId('add-work-deadline').fill('2031-03-15');
  await shot(page, 'jobs-add-work-en-light', { fullPage: false });
  await addWork.getByTestId('add-work-submit').click();
  await see(page, '1 work added to the job.');
  await toastClearOfHeader(page);
  await page.getByTestId('items-count').filter({ hasText: '4 items' }).waitFor();
  const treeTwoWork = page.locator(`[data-testid="job-item"][data-tree="${trees[1].id}"]:not([data-action=""])`);
  await treeTwoWork.waitFor();
  assert((await treeTwoWork.textContent()).includes('3/15/2031'), 'the new work shows without its deadline');

  // The status is shown as steps, not buttons; releasing a job nobody is assigned to asks first.
  const stepper = page.getByTestId('job-stepper');
  assert((await stepper.locator('button').count()) === 0, 'the status steps look clickable');
  assert(
    (await stepper.locator('li[aria-current="step"]').textContent()) === '1Open',
    'the current step is not "Open"',
  );
  await page.getByTestId('status-release').click();
  const confirmRelease = page.getByTestId('status-confirm');
  await confirmRelease.waitFor();
  await see(page, 'Release without participants?');
  await shot(page, 'jobs-release-confirm-en-light', { fullPage: false });
  await confirmRelease.getByRole('button', { name: 'Cancel' }).click();
  await confirmRelease.waitFor({ state: 'detached' });
  await page.locator('[data-testid="job-status"][data-status="0"]').first().waitFor();

  // Participants: the editor by e-mail and an address without an account (invited).
  const invitee = `crew-${Date.now().toString(36)}@example.org`;
  const assigned = Date.now() - 1000;
  await page.getByTestId('participant-emails').fill(`${editor.email}, not-an-address`);
  await page.getByTestId('add-participants-submit').click();
  await see(page, 'Not an e-mail address: not-an-address');
  await page.getByTestId('participant-emails').fill(`${editor.email}, ${invitee}`);
  await page.getByTestId('add-participants-submit').click();
  await page.locator(`[data-testid="participant"][data-email="${invitee}"]`).waitFor();
  await page.locator(`[data-testid="participant"][data-email="${editor.email}"]`).waitFor();
  await see(page, 'Invitation sent');
  await waitForLink(OUTBOX, invitee, '/register', { after: assigned });
  // The editor has an account: nothing is granted before they accept, in the app, where the link
  // of their e-mail leads; the home page shows the open invitation.
  await waitForLink(OUTBOX, editor.email, '/invitations', { after: assigned });
  await goto(editor.page, '/');
  await editor.page.getByTestId('invitations-link').click();
  await waitPath(editor.page, '/invitations');
  const jobInvitation = editor.page.locator('[data-testid="invitation"][data-kind="job"]');
  await jobInvitation.getByText('Spring round').first().waitFor();
  await shot(editor.page, 'invitations-job-en-light');
  await jobInvitation.getByTestId('invitation-accept').click();
  await editor.page.getByTestId('invitations-empty').waitFor();

  // Release (participants now, so without asking): in progress; the details are fixed now.
  await page.getByTestId('status-release').click();
  await page.locator('[data-testid="job-status"][data-status="1"]').first().waitFor();
  await page.locator('[data-testid="job-stepper"] li[data-state="done"]').first().waitFor();
  await see(page, 'Only open jobs can be renamed or given new details.');
  await settled(page);
  await shot(page, 'jobs-released-en-light');

  // The editor finds the job in their list, enters it as the job and holds it.
  const ep = editor.page;
  await goto(ep, '/jobs');
  const row = ep.locator(`[data-testid="job-row"][data-job="${jobId}"]`);
  await row.waitFor();
  assert((await row.textContent()).includes('Editor'), 'the editor does not see their role');
  await row.getByRole('link', { name: 'Spring round' }).click();
  await waitPath(ep, `/jobs/${jobId}`);
  // Outside the job's project the page cannot list the items yet: it says how to see them.
  const limited = ep.getByTestId('job-limited');
  await limited.waitFor();
  await limited.getByText('Work as this job to see its items').waitFor();
  await shot(ep, 'jobs-limited-en-light', { fullPage: false });
  await limited.getByTestId('enter-job').click();
  const bar = ep.getByTestId('job-session-bar');
  await bar.waitFor();
  await see(ep, 'You are working as the job: Spring round');
  await ep.getByTestId('hold-job').click();
  await ep.locator('[data-testid="job-lock"][data-mine="true"]').waitFor();
  await shot(ep, 'jobs-session-en-light');

  // Inside the job: only its two trees. The first is inspected from the job page: its info
  // window opens beside the items and the editor records the inspection there, although the
  // editor has no access to the project itself.
  const seen = await apiJSON(ep, 'GET', '/api/content/trees');
  ok(seen, 'the job session tree list');
  assert(seen.json.total === 2, `the job session lists ${seen.json.total} trees, want 2`);
  ok(await apiJSON(ep, 'GET', `/api/content/tree/${trees[2].id}`), 'a tree outside the job', 404);
  await ep.locator(`[data-testid="job-item"][data-tree="${trees[0].id}"] [data-testid="job-item-open"]`).click();
  const drawer = ep.getByTestId('job-tree-drawer');
  await drawer.locator(`[data-testid="map-tree-card"][data-tree="${trees[0].id}"]`).waitFor();
  await drawer.getByTestId('tree-tab-rating').click();
  await drawer.getByTestId('check-new').click();
  await ep.locator('[data-testid="check-modal"] .mantine-Modal-content').waitFor();
  await choose(ep, 'check-field-vitality', 'Slightly weakened');
  const inspected = ep.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/checks'));
  await ep.getByTestId('check-submit').click();
  assert((await inspected).status() === 201, 'the inspection from the job page was not recorded');
  await drawer.getByTestId('check-record').first().waitFor();
  await shot(ep, 'jobs-session-tree-en-light', { fullPage: false });
  await ep.keyboard.press('Escape');
  await ep
    .locator(`[data-testid="job-item"][data-tree="${trees[0].id}"] [data-testid="item-state"][data-done="true"]`)
    .waitFor();
  for (const t of trees.slice(1, 2)) {
    ok(await apiJSON(ep, 'POST', `/api/content/tree/${t.id}/checks`, { vitality: 1 }), `inspecting ${t.number}`, 201);
  }
  const current = await apiJSON(ep, 'GET', `/api/content/action/${work.json.id}`);
  ok(current, 'reading the work');
  ok(
    await apiJSON(ep, 'POST', `/api/content/action/${work.json.id}/complete`, {
      version: current.json.version,
      execute_note: 'Deadwood removed',
    }),
    'completing the work',
  );

  // The manager sees the progress and who holds the job, and breaks the lock.
  await page.reload();
  await page.getByTestId('job-progress-card').waitFor();
  await page.getByTestId('works-done').filter({ hasText: '1' }).waitFor();
  await page.getByTestId('job-item').first().waitFor();
  await page.getByTestId('checks-count').filter({ hasText: '2' }).waitFor();
  await page.getByTestId('objects-inspected').filter({ hasText: '2 of 2' }).waitFor();
  await see(page, 'Ada Esche holds this job since');
  await page.getByTestId('break-lock').click();
  await page.getByTestId('break-lock-modal').getByTestId('confirm-button').click();
  await see(page, 'Lock broken; Ada Esche is told on the job.');
  await page.locator('[data-testid="conflict"][data-kind="lock_broken"]').waitFor();
  await see(page, 'Ada Eiche broke the lock of Ada Esche');
  await settled(page);
  await shot(page, 'jobs-progress-en-light');

  // The editor is told, and leaves the job.
  await ep.reload();
  await ep.getByTestId('lock-broken-notice').waitFor();
  await see(ep, 'Your hold on this job was ended by Ada Eiche');
  await shot(ep, 'jobs-lock-broken-en-light');
  await ep.getByTestId('leave-job').first().click();
  await waitPath(ep, '/jobs');
  await see(ep, 'You left the job.');
  await ep.getByTestId('job-session-bar').waitFor({ state: 'detached' });
  const after = await apiJSON(ep, 'GET', '/api/auth/session');
  assert(after.json.session.type === 'user', `after leaving the session is ${after.json.session.type}`);

  // The manager resolves the conflict; it stays listed, marked with who resolved it.
  await page.getByTestId('resolve-conflict').click();
  await page.locator('[data-testid="conflict"][data-resolved="true"]').waitFor();
  await see(page, 'Resolved by Ada Eiche');

  // Completing with one of two works undone asks first; completed, nobody can be assigned.
  await confirmAsked(
    page,
    'status-complete',
    'status-confirm',
    'Only 1 of 2 works are done (50 %).',
    'jobs-complete-confirm-en-light',
  );
  await page.locator('[data-testid="job-status"][data-status="2"]').first().waitFor();
  await page.getByTestId('participants-closed').waitFor();
  assert(await page.getByTestId('add-participants-submit').isDisabled(), 'Assign is active on a completed job');
  assert((await page.getByTestId('add-work').count()) === 0, 'a completed job offers to add works');
  // Completed: removing an item is refused with the server's message, shown in the modal.
  await page.getByTestId('remove-item').first().click();
  const modal = page.getByTestId('remove-from-job');
  await modal.waitFor();
  await modal.getByTestId('confirm-button').click();
  await modal
    .getByTestId('modal-error')
    .filter({ hasText: 'Items cannot be removed from this job because of its status.' })
    .waitFor();
  await shot(page, 'jobs-remove-refused-en-light', { fullPage: false });
  await page.keyboard.press('Escape');
  await page.getByTestId('items-count').filter({ hasText: '4 items' }).waitFor();

  // The data page lists the chosen job's items.
  await goto(page, `/jobs/data?job=${jobId}`);
  await page.getByTestId('job-items').waitFor();
  await page.getByTestId('items-count').filter({ hasText: '4 items' }).waitFor();
  await shot(page, 'jobs-data-en-light');

  // German, dark: the same screens, and the session bar of a manager working as the job.
  await goto(page, `/jobs/${jobId}`);
  await page.getByTestId('job-title').waitFor();
  await pickMenu(page, 'language-menu', 'language-de');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await see(page, 'Abgeschlossen');
  await settled(page);
  await shot(page, 'jobs-job-de-dark');
  await goto(page, '/jobs');
  await page.getByTestId('job-list').waitFor();
  await shot(page, 'jobs-list-de-dark');
  await page.getByTestId('create-job').click();
  await page.getByTestId('create-job-form').waitFor();
  await shot(page, 'jobs-create-de-dark', { fullPage: false });
  await page.keyboard.press('Escape');
  // An open job in German, dark and on a phone: the steps, adding a work, the release question.
  const winter = await apiJSON(page, 'POST', `/api/content/job/add-list-new${q}`, {
    name: 'Winter',
    ids: [trees[2].id],
  });
  ok(winter, 'the winter job');
  await goto(page, `/jobs/${winter.json.job.id}`);
  await page.getByTestId('job-stepper').waitFor();
  await page.locator(`[data-testid="job-item"][data-tree="${trees[2].id}"] [data-testid="add-work"]`).click();
  await page.getByTestId('add-work-none').waitFor();
  await shot(page, 'jobs-add-work-de-dark', { fullPage: false });
  await page.keyboard.press('Escape');
  await page.getByTestId('status-release').click();
  await see(page, 'Ohne Beteiligte freigeben?');
  await shot(page, 'jobs-release-confirm-de-dark', { fullPage: false });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await shot(page, 'jobs-open-de-dark-phone');
  // On a phone the item list fits: no sideways scroll, neither of the list nor of the page.
  const sideways = await page.evaluate(() => {
    const box = document.querySelector('[data-testid="job-items-scroll"]');
    const inner = box?.querySelector('table');
    return {
      page: document.documentElement.scrollWidth,
      list: inner ? inner.scrollWidth - box.clientWidth : -1,
    };
  });
  assert(
    sideways.page <= 390 && sideways.list <= 1,
    `the job's items scroll sideways on a phone: ${JSON.stringify(sideways)}`,
  );
  await page.locator(`[data-testid="job-item"][data-tree="${trees[2].id}"] [data-testid="add-work"]`).click();
  await page.getByTestId('add-work-none').waitFor();
  await shot(page, 'jobs-add-work-de-dark-phone', { fullPage: false });
  await page.keyboard.press('Escape');
  // Emptying the open job asks first, saying how much goes; the job stays, empty, the tree in the project.
  await page.getByTestId('empty-job').click();
  const emptying = page.getByTestId('empty-job-confirm');
  await emptying.waitFor();
  const question = await emptying.innerText();
  assert(question.includes('Die einzige Position aus dem Auftrag „Winter“ entfernen?'), `the question: ${question}`);
  await shot(page, 'jobs-empty-confirm-de-dark-phone', { fullPage: false });
  await emptying.getByTestId('confirm-button').click();
  await see(page, '1 Position aus dem Auftrag entfernt.');
  await page.getByTestId('items-empty').waitFor();
  assert((await page.getByTestId('empty-job').count()) === 0, 'an empty job offers to empty it');
  ok(await apiJSON(page, 'GET', `/api/content/tree/${trees[2].id}${q}`), 'the tree after emptying its job');
  await page.setViewportSize({ width: 1280, height: 860 });
  await goto(page, `/jobs/data?job=${jobId}`);
  await page.getByTestId('items-count').waitFor();
  await shot(page, 'jobs-data-de-dark');
  await goto(page, `/jobs/${jobId}`);
  await page.getByTestId('enter-job').click();
  await page.getByTestId('job-session-bar').waitFor();
  await see(page, 'Sie arbeiten als Auftrag');
  await settled(page);
  await shot(page, 'jobs-session-de-dark');
  await page.getByTestId('remove-item').first().click();
  await page.getByTestId('remove-from-job').getByTestId('confirm-button').click();
  await page
    .getByTestId('remove-from-job')
    .getByTestId('modal-error')
    .filter({ hasText: 'Aus diesem Auftrag können wegen seines Status keine Objekte entfernt werden.' })
    .waitFor();
  await shot(page, 'jobs-remove-refused-de-dark', { fullPage: false });
  await page.keyboard.press('Escape');
  await page.getByTestId('leave-job').first().click();
  await waitPath(page, '/jobs');

  noPageErrors(page);
  noPageErrors(ep, 'editor page');
});
