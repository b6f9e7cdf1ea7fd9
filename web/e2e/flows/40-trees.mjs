// The info window of a tree: draw it on the map, fill it in, inspect it, works and safety,
// felling, archiving, history, the duplicate number modal, a stale save; EN light and DE dark.
import {
  test,
  assert,
  shot,
  see,
  pickMenu,
  newUser,
  choose,
  apiJSON,
  goto,
  mapReady,
  acceptInvitations,
  noPageErrors,
  newProject,
} from '../lib.mjs';

/** Waits for the answer of a call the page makes, by method and a part of its path. */
function answer(page, method, part) {
  return page.waitForResponse((r) => r.request().method() === method && r.url().includes(part));
}

async function expectStatus(promise, status, what) {
  const res = await promise;
  assert(res.status() === status, `${what} answered ${res.status()}: ${await res.text()}`);
  return res.json().catch(() => null);
}

/** Clicks a button and checks the status of the call it makes (by method and a part of its path);
 * its answer's body. */
async function clickFor(page, testId, method, part, status, what) {
  const res = answer(page, method, part);
  await page.getByTestId(testId).click();
  return expectStatus(res, status, what);
}

/** Waits for a Mantine modal's dialog to show (its root has no box of its own). */
async function modal(page, testId) {
  await page.locator(`[data-testid="${testId}"] .mantine-Modal-content`).waitFor();
}

async function tab(page, name) {
  await page.getByTestId(`tree-tab-${name}`).click();
}

/** A new inspection from the rating tab: its modal open. */
async function newCheck(page) {
  await page.getByTestId('check-new').click();
  await modal(page, 'check-modal');
}

/** A new work from the actions tab: its modal open, the work picked by typing part of its name. */
async function newWork(page, typed, work) {
  await page.getByTestId('action-new').click();
  await modal(page, 'action-modal');
  await page.getByTestId('action-field-work').click();
  await page.getByTestId('action-field-work').fill(typed);
  await page.getByRole('option', { name: work, exact: true }).click();
}

/** Records the inspection filled in; the check the server made of it. */
async function recordCheck(page, treeId, what) {
  return clickFor(page, 'check-submit', 'POST', `/api/content/tree/${treeId}/checks`, 201, what);
}

async function safetyIs(page, value) {
  await page
    .locator(`[data-testid="tree-safety-card"] [data-testid="tree-safety"][data-value="${value}"]`)
    .waitFor()
    .catch(async () => {
      const now = await page.locator('[data-testid="tree-safety-card"] [data-testid="tree-safety"]').textContent();
      throw new Error(`safety is "${now}", expected ${value}`);
    });
}

async function stockIs(page, state) {
  await page.locator(`[data-testid="tree-stock-state"][data-state="${state}"]`).waitFor();
}

test('trees: info window — draw, fill in, inspect, works and safety, fell, archive, history, duplicate number', async (browser) => {
  const { page, projectId } = await newProject(browser, 'trees', 'Baumpflege', 'Alleen');
  const q = `?project=${projectId}`;
  // Entering the project swaps the session cookie; let that finish before calling the API.
  await page.waitForLoadState('networkidle');

  // Two trees through the API give the map its extent; number 1 is taken.
  for (const [number, coordinates] of [
    [1, [9.43, 54.78]],
    [2, [9.4312, 54.7806]],
  ]) {
    const r = await apiJSON(page, 'POST', `/api/content/tree${q}`, { geom: { type: 'Point', coordinates }, number });
    assert(r.status === 201, `creating tree ${number} answered ${r.status}: ${JSON.stringify(r.json)}`);
  }

  // Draw a tree on the map: it is saved and opens in the info window.
  await goto(page, `/projects/${projectId}/map`);
  await page.getByTestId('map-panel').waitFor();
  await mapReady(page);
  await page.getByTestId('map-tool-tree').click();
  await page.getByTestId('map-hint').waitFor();
  const box = await page.getByTestId('map-canvas').boundingBox();
  const created = answer(page, 'POST', '/api/content/tree?');
  // Near the right edge: the window beside the map would hide it, so the map brings it into view.
  await page.mouse.click(box.x + box.width * 0.85, box.y + box.height * 0.45);
  const tree = await expectStatus(created, 201, 'drawing a tree');
  await page.waitForURL((u) => u.search.includes(`tree=${tree.id}`));
  const card = page.getByTestId('map-tree-card');
  await card.waitFor();
  await page.getByTestId('tree-general').waitFor();
  await see(page, `No. ${tree.number}`);
  // The map made room for the window and keeps the new tree in view.
  await page
    .waitForFunction((c) => window.__map.getBounds().contains(c) && !window.__map.isMoving(), tree.geom.coordinates, {
      timeout: 10000,
    })
    .catch(() => {
      throw new Error('the new tree is not in view beside the info window');
    });

  // General: species and sizes, saved with the version.
  await page.getByTestId('tree-field-species').click();
  await page.getByTestId('tree-field-species').fill('Tilia cordata');
  // The species list names it with its common name.
  await page.getByRole('option', { name: 'Tilia cordata – Small-leaved lime', exact: true }).click();
  await page.getByTestId('tree-field-planting_year').fill('1988');
  await page.getByTestId('tree-field-height').fill('14.5');
  await page.getByTestId('tree-field-diameter').fill('45');
  await page.getByTestId('tree-field-scope').fill('141');
  await page.getByTestId('tree-field-top_diameter').fill('9');
  await page.getByTestId('tree-save-bar').waitFor();
  // Unsaved changes survive a look at another tab.
  await tab(page, 'history');
  await page.getByTestId('tree-history').waitFor();
  await tab(page, 'general');
  assert((await page.getByTestId('tree-field-height').inputValue()) === '14.5', 'the tab switch lost the height');
  await page.getByTestId('tree-save-bar').waitFor();
  const afterSave = await clickFor(page, 'tree-save', 'PUT', `/api/content/tree/${tree.id}`, 200, 'saving the tree');
  assert(afterSave.species_botanical === 'Tilia cordata', `species ${afterSave.species_botanical}`);
  assert(afterSave.height === 14.5 && afterSave.diameter === 45, `sizes ${afterSave.height} ${afterSave.diameter}`);
  assert(afterSave.version === tree.version + 1, `version ${afterSave.version}`);
  await see(page, 'The changes have been saved.');
  await page.getByTestId('tree-save-bar').waitFor({ state: 'detached' });
  await see(page, 'Tilia cordata');
  await shot(page, 'tree-general-en-light', { fullPage: false });

  // Rating: record an inspection; the tree's next inspection date follows it.
  await tab(page, 'rating');
  await page.getByTestId('checks-empty').waitFor();
  await newCheck(page);
  for (const [field, value] of [
    ['vitality', 'Slightly weakened'],
    ['development', 'Mature'],
    ['damage_tree', 'Minor'],
    ['security_expectation', 'High'],
  ]) {
    await choose(page, `check-field-${field}`, value);
  }
  await page.getByTestId('check-field-comment').fill('Deadwood over the footpath.');
  await shot(page, 'tree-check-modal-en-light', { fullPage: false });
  const check = await recordCheck(page, tree.id, 'recording the inspection');
  assert(check.check_next, 'the inspection has no next date');
  await page.getByTestId('check-record').first().waitFor();
  await see(page, 'Deadwood over the footpath.');
  // Mature, minor damage, high expectation: 24 months ahead — "later".
  await page.locator('[data-testid="tree-next-check"] [data-testid="check-class"][data-value="3"]').waitFor();
  const inspected = (await apiJSON(page, 'GET', `/api/content/tree/${tree.id}${q}`)).json;
  assert(inspected.check_next === check.check_next, `tree check_next ${inspected.check_next} vs ${check.check_next}`);
  assert(inspected.vitality === 1, `tree vitality ${inspected.vitality}`);
  assert((await page.getByTestId('tree-vitality').textContent()) === 'Slightly weakened', 'assessment not shown');
  await shot(page, 'tree-rating-en-light', { fullPage: false });

  // Action required: a safety-relevant work makes the tree restorable; completing it, safe.
  await tab(page, 'actions');
  await safetyIs(page, 0);
  await page.getByTestId('actions-empty').waitFor();
  await newWork(page, 'Deadwood', 'Deadwood removal');
  assert(await page.getByTestId('action-field-security').isChecked(), 'the default safety relevance is not set');
  await page.getByTestId('action-field-deadline').fill('2030-05-01');
  await page.getByTestId('action-field-comment').fill('Over the footpath');
  await clickFor(page, 'action-submit', 'POST', '/api/content/action?', 201, 'adding the work');
  await safetyIs(page, 2);
  await see(page, 'Restorable');
  await page.locator('[data-testid="action-card"][data-state="open"]').waitFor();
  await shot(page, 'tree-actions-open-en-light', { fullPage: false });

  await page.getByTestId('action-menu').first().click();
  await page.getByTestId('action-complete').click();
  await modal(page, 'complete-modal');
  await page.getByTestId('complete-note').fill('Deadwood removed from the crown');
  await clickFor(page, 'complete-submit', 'POST', '/complete', 200, 'completing the work');
  await safetyIs(page, 0);
  await page.locator('[data-testid="action-card"][data-state="done"]').waitFor();
  await see(page, 'Deadwood removed from the crown');
  await shot(page, 'tree-actions-en-light', { fullPage: false });

  // Open it again (safety follows), change it, delete it after a confirmation.
  await page.getByTestId('action-menu').first().click();
  await page.getByTestId('action-reopen').click();
  await clickFor(page, 'action-reopen-confirm', 'DELETE', '/complete', 200, 'opening the work again');
  await safetyIs(page, 2);
  await page.getByTestId('action-menu').first().click();
  await page.getByTestId('action-edit').click();
  await modal(page, 'action-modal');
  assert(
    (await page.getByTestId('action-field-comment').inputValue()) === 'Over the footpath',
    'edit lost the comment',
  );
  await page.getByTestId('action-field-comment').fill('Over the footpath and the bench');
  const changed = answer(page, 'PUT', '/api/content/action/');
  await page.getByTestId('action-submit').click();
  assert(
    (await expectStatus(changed, 200, 'changing the work')).comment === 'Over the footpath and the bench',
    'comment',
  );
  await see(page, 'Over the footpath and the bench');
  await page.getByTestId('action-menu').first().click();
  await page.getByTestId('action-delete').click();
  const removed = answer(page, 'DELETE', '/api/content/action/');
  await page.getByTestId('action-delete-confirm').click();
  assert((await removed).status() === 204, 'deleting the work failed');
  await safetyIs(page, 0);
  await page.getByTestId('actions-empty').waitFor();

  // A work due soon stays open: restorable, due within 2 weeks.
  await newWork(page, 'Crown thinning', 'Crown thinning');
  const soon = new Date(Date.now() + 7 * 86400000).toISOString().slice(0, 10);
  await page.getByTestId('action-field-deadline').fill(soon);
  await clickFor(page, 'action-submit', 'POST', '/api/content/action?', 201, 'adding a second work');
  await safetyIs(page, 2);
  await page.locator('[data-testid="action-card"] [data-testid="deadline-class"][data-value="1"]').waitFor();

  // An inspection after a storm: a symptom placed in the crown as severe, and the work it calls for,
  // recorded in the same step (the works list shows it at once).
  await tab(page, 'rating');
  await newCheck(page);
  await page.getByTestId('check-field-type').getByText('After a storm').click();
  await page.getByTestId('check-field-symptoms').click();
  const symptomOption = page.getByRole('option').first();
  const symptom = (await symptomOption.textContent()).trim();
  await symptomOption.click();
  await page.locator('.mantine-Modal-title').click(); // closes the symptoms' dropdown
  const finding = page.locator(`[data-testid="check-finding"][data-symptom="${symptom}"]`);
  await finding.getByText('Crown').click();
  await finding.getByText('Severe').click();
  await page.getByTestId('check-measure').click();
  await choose(page, 'check-measure-work', 'Deadwood removal');
  assert(await page.getByTestId('check-measure-relevant').isChecked(), "the work list's safety relevance is not taken");
  await page.getByTestId('check-measure-deadline').fill('2027-04-30');
  await shot(page, 'tree-check-storm-en-light', { fullPage: false });
  const storm = await recordCheck(page, tree.id, 'recording the storm inspection');
  assert(storm.check_type === 'storm', `check type ${storm.check_type}`);
  assert(
    storm.findings.length === 1 && storm.findings[0].part === 'crown' && storm.findings[0].severity === 3,
    `findings ${JSON.stringify(storm.findings)}`,
  );
  assert(storm.measure?.deadline === '2027-04-30', `measure ${JSON.stringify(storm.measure)}`);
  await see(page, 'The inspection has been recorded with the work "Deadwood removal".');
  await page.getByTestId('check-type').filter({ hasText: 'Inspection after a storm' }).waitFor();
  await page
    .getByTestId('check-finding-record')
    .filter({ hasText: `${symptom} · Crown · Severe` })
    .waitFor();
  await shot(page, 'tree-rating-storm-en-light', { fullPage: false });
  await tab(page, 'actions');
  await page.locator(`[data-testid="action-card"][data-state="open"]`).nth(1).waitFor();

  // Stock: fell and undo felling; archive and activate.
  await tab(page, 'general');
  await stockIs(page, 'stock');
  await page.getByTestId('tree-fell').click();
  await modal(page, 'fell-modal');
  await shot(page, 'tree-fell-modal-en-light', { fullPage: false });
  await clickFor(page, 'fell-submit', 'POST', '/fell', 200, 'felling');
  await stockIs(page, 'felled');
  await page.getByTestId('tree-cut-date').waitFor();
  await page.getByTestId('tree-unfell').click();
  await modal(page, 'unfell-modal');
  await clickFor(page, 'unfell-submit', 'DELETE', '/fell', 200, 'undoing the felling');
  await stockIs(page, 'stock');

  await page.getByTestId('tree-archive').click();
  await modal(page, 'archive-modal');
  assert(
    (await clickFor(page, 'archive-submit', 'PUT', '/api/content/archive', 200, 'archiving')).changed === 1,
    'archiving changed nothing',
  );
  await stockIs(page, 'archived');
  await page.getByTestId('tree-archive').click();
  await clickFor(page, 'archive-submit', 'PUT', '/api/content/archive', 200, 'activating');
  await stockIs(page, 'stock');
  // Inspected: evidence, not to be deleted.
  assert((await page.getByTestId('tree-delete').count()) === 0, 'an inspected tree offers delete');

  // History: every step, with translated labels and values.
  await tab(page, 'history');
  await page.getByTestId('tree-history').waitFor();
  await see(page, 'Tree created');
  await see(page, 'Inspection recorded');
  await see(page, 'Work added: Deadwood removal');
  await see(page, 'Work changed: Deadwood removal');
  await see(page, 'Work deleted: Deadwood removal');
  const fields = await page.getByTestId('history-change').evaluateAll((rows) => rows.map((r) => r.dataset.field));
  for (const [field, least] of [
    ['species', 1],
    ['height', 1],
    ['vitality', 1],
    ['action_security', 2],
    ['cut', 2],
    ['cut_date', 2],
    ['archive', 2],
    ['execute_timestamp', 1],
  ]) {
    const n = fields.filter((f) => f === field).length;
    assert(n >= least, `history shows ${n} changes of ${field}, expected ${least}+ (${fields.join()})`);
  }
  const safetyRows = await page
    .locator('[data-testid="history-change"][data-field="action_security"]')
    .allTextContents();
  assert(
    safetyRows.some((r) => r.includes('Safe') && r.includes('Restorable')),
    `safety history ${safetyRows.join(' | ')}`,
  );
  await see(page, 'Slightly weakened');
  await shot(page, 'tree-history-en-light', { fullPage: false });

  await tab(page, 'images');
  await page.getByTestId('tree-images-empty').waitFor();
  await shot(page, 'tree-images-en-light', { fullPage: false });
  await tab(page, 'documents');
  await page.getByTestId('documents-empty').waitFor();
  await shot(page, 'tree-documents-en-light', { fullPage: false });

  // A duplicate number in a unique-number project offers the next free one; taking it saves.
  await tab(page, 'general');
  const number = page.getByTestId('tree-field-number');
  await number.fill('1');
  const refused = answer(page, 'PUT', `/api/content/tree/${tree.id}`);
  await page.getByTestId('tree-save').click();
  const conflict = await refused;
  assert(conflict.status() === 409, `a duplicate number answered ${conflict.status()}`);
  const next = (await conflict.json()).current.next;
  await modal(page, 'duplicate-number-modal');
  await see(page, `The next free number is ${next}.`);
  await shot(page, 'tree-duplicate-number-en-light', { fullPage: false });
  const renumbered = await clickFor(
    page,
    'duplicate-number-take',
    'PUT',
    `/api/content/tree/${tree.id}`,
    200,
    'taking the offered number',
  );
  assert(renumbered.number === next, `the tree got number ${renumbered.number}, offered ${next}`);
  await page.getByTestId('map-tree-number').getByText(`No. ${next}`).waitFor();

  // Cancel and type another instead.
  await number.fill('2');
  const again = answer(page, 'PUT', `/api/content/tree/${tree.id}`);
  await page.getByTestId('tree-save').click();
  assert((await again).status() === 409, 'number 2 was accepted twice');
  await page.getByTestId('duplicate-number-cancel').click();
  await page.locator('[data-testid="duplicate-number-modal"] .mantine-Modal-content').waitFor({ state: 'detached' });
  await number.fill('77');
  assert(
    (await clickFor(page, 'tree-save', 'PUT', `/api/content/tree/${tree.id}`, 200, 'saving number 77')).number === 77,
    'number 77 not saved',
  );

  // Someone else saves first: the stale answer offers to reload.
  const current = (await apiJSON(page, 'GET', `/api/content/tree/${tree.id}${q}`)).json;
  const other = await apiJSON(page, 'PUT', `/api/content/tree/${tree.id}${q}`, {
    version: current.version,
    top_form: 'Pollard',
  });
  assert(other.status === 200, `the other change answered ${other.status}`);
  await page.getByTestId('tree-field-height').fill('15');
  const stale = answer(page, 'PUT', `/api/content/tree/${tree.id}`);
  await page.getByTestId('tree-save').click();
  assert((await stale).status() === 409, 'a stale save was accepted');
  await page.getByTestId('tree-stale').waitFor();
  await page.getByTestId('tree-stale-reload').click();
  assert((await page.getByTestId('tree-field-top_form').inputValue()) === 'Pollard', 'reload did not load the change');
  assert((await page.getByTestId('tree-field-height').inputValue()) === '14.5', 'reload kept the stale height');

  // German and dark: every tab; the General tab in each language and scheme.
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.locator('[data-testid="map-panel"][data-scheme="dark"]').waitFor();
  await shot(page, 'tree-general-en-dark', { fullPage: false });
  await pickMenu(page, 'language-menu', 'language-de');
  await see(page, 'Nummer und Art');
  await pickMenu(page, 'theme-menu', 'theme-light');
  await page.locator('[data-testid="map-panel"][data-scheme="light"]').waitFor();
  await shot(page, 'tree-general-de-light', { fullPage: false });
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.locator('[data-testid="map-panel"][data-scheme="dark"]').waitFor();
  await shot(page, 'tree-general-de-dark', { fullPage: false });
  for (const [name, marker] of [
    ['rating', 'tree-rating'],
    ['actions', 'tree-actions'],
    ['images', 'tree-images-empty'],
    ['documents', 'documents-empty'],
    ['history', 'tree-history'],
  ]) {
    await tab(page, name);
    await page.getByTestId(marker).waitFor();
    await shot(page, `tree-${name}-de-dark`, { fullPage: false });
  }
  await see(page, 'Kontrolle erfasst');
  // The inspection form in German on a phone: type, findings and measure must fit.
  // The window takes a phone's layout afresh (on its first tab).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('tree-tab-rating').waitFor();
  await tab(page, 'rating');
  await newCheck(page);
  await page.getByTestId('check-field-type').getByText('Nach Sturm').click();
  await page.getByTestId('check-field-symptoms').click();
  await page.getByRole('option').first().click();
  await page.locator('.mantine-Modal-title').click(); // closes the symptoms' dropdown
  await page.getByTestId('check-measure').click();
  await page.getByTestId('check-measure-fields').waitFor();
  await shot(page, 'tree-check-modal-de-dark-phone', { fullPage: false });
  await page.getByTestId('check-findings').scrollIntoViewIfNeeded();
  await shot(page, 'tree-check-findings-de-dark-phone', { fullPage: false });
  await page.keyboard.press('Escape');
  await tab(page, 'general');
  await page.getByTestId('tree-general').waitFor();
  await shot(page, 'tree-general-de-dark-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 860 });

  // Closing the window clears ?tree=.
  await page.getByTestId('tree-close').click();
  await page.waitForURL((u) => !u.search.includes('tree='));
  noPageErrors(page);
  await page.context().close();
});

test('trees: custom fields, required fields, and what readers and care may do', async (browser) => {
  const { page, projectId } = await newProject(browser, 'trees-mgr', 'Stadtgrün', 'Friedhof');
  const q = `?project=${projectId}`;
  await page.waitForLoadState('networkidle');

  // Custom fields with aliases (a list and a free text) and height as a required field.
  const settings = (await apiJSON(page, 'GET', `/api/management/project/${projectId}/settings`)).json;
  const put = await apiJSON(page, 'PUT', `/api/management/project/${projectId}/settings`, {
    version: settings.version,
    required_fields: ['height'],
    custom_fields: {
      ...settings.custom_fields,
      general01: {
        alias: 'Location',
        active: true,
        type: 'list',
        default_value: '',
        sort: 'alpha',
        values: ['Pavement', 'Park'],
      },
      general21: { alias: 'Sponsor', active: true, type: 'text', default_value: '', sort: 'alpha', values: [] },
    },
  });
  assert(put.status === 200, `settings answered ${put.status}: ${JSON.stringify(put.json)}`);
  const created = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
    geom: { type: 'Point', coordinates: [9.43, 54.78] },
    height: 12,
    general01: 'Park',
  });
  assert(created.status === 201, `creating the tree answered ${created.status}: ${JSON.stringify(created.json)}`);
  const treeId = created.json.id;

  await goto(page, `/projects/${projectId}/map?tree=${treeId}`);
  await page.getByTestId('tree-general').waitFor();
  await page.getByTestId('tree-custom-general').getByText('Location').waitFor();
  assert((await page.getByTestId('tree-field-general01').inputValue()) === 'Park', 'the list field value is not shown');
  await page.getByTestId('tree-custom-other').getByText('Sponsor').waitFor();
  await choose(page, 'tree-field-general01', 'Pavement');
  await page.getByTestId('tree-field-general21').fill('Rotary Club');
  // Height is required: emptying it is refused with the message that lists the fields.
  await page.getByTestId('tree-field-height').fill('');
  const refused = answer(page, 'PUT', `/api/content/tree/${treeId}`);
  await page.getByTestId('tree-save').click();
  assert((await refused).status() === 400, 'an empty required field was accepted');
  await page.getByTestId('tree-error').getByText('You must fill in the following fields:').waitFor();
  await page.getByTestId('tree-field-height').fill('13');
  const tree = await clickFor(page, 'tree-save', 'PUT', `/api/content/tree/${treeId}`, 200, 'saving custom fields');
  assert(
    tree.general01 === 'Pavement' && tree.general21 === 'Rotary Club',
    `custom ${tree.general01} ${tree.general21}`,
  );
  await shot(page, 'tree-custom-fields-en-light', { fullPage: false });
  await tab(page, 'history');
  await page.locator('[data-testid="history-change"][data-field="general21"]').getByText('Sponsor').waitFor();

  // A reader sees everything and changes nothing.
  const { page: other, email } = await newUser(browser, 'trees-reader');
  const shared = await apiJSON(page, 'POST', `/api/management/project/${projectId}/users`, {
    emails: email,
    access: 1,
  });
  assert(shared.status < 300, `sharing answered ${shared.status}: ${JSON.stringify(shared.json)}`);
  assert((await acceptInvitations(other)) === 1, 'the reader was not invited');
  await goto(other, `/projects/${projectId}/map?tree=${treeId}`);
  await other.locator('[data-testid="tree-general"][data-editable="false"]').waitFor();
  assert((await other.getByTestId('tree-field-height').getAttribute('readonly')) !== null, 'a reader can type');
  for (const id of ['tree-fell', 'tree-archive', 'tree-delete']) {
    assert((await other.getByTestId(id).count()) === 0, `a reader sees ${id}`);
  }
  await tab(other, 'rating');
  await other.getByTestId('tree-rating').waitFor();
  assert((await other.getByTestId('check-new').count()) === 0, 'a reader may inspect');
  await tab(other, 'actions');
  await other.getByTestId('tree-actions').waitFor();
  assert((await other.getByTestId('action-new').count()) === 0, 'a reader may add works');
  await shot(other, 'tree-reader-en-light', { fullPage: false });

  // Care manages works and felling, but not tree data.
  const members = (await apiJSON(page, 'GET', `/api/management/project/${projectId}/users`)).json.items;
  const member = members.find((m) => m.email === email);
  assert(member?.userId, `${email} is not a member: ${JSON.stringify(members)}`);
  const care = await apiJSON(page, 'PUT', `/api/management/project/${projectId}/users/${member.userId}`, { access: 3 });
  assert(care.status === 200, `care access answered ${care.status}: ${JSON.stringify(care.json)}`);
  await goto(other, `/projects/${projectId}/map?tree=${treeId}`);
  await other.locator('[data-testid="tree-general"][data-editable="false"]').waitFor();
  await other.getByTestId('tree-fell').waitFor();
  assert((await other.getByTestId('tree-archive').count()) === 0, 'care may archive');
  await tab(other, 'actions');
  await other.getByTestId('action-new').waitFor();
  await tab(other, 'rating');
  await other.getByTestId('tree-rating').waitFor();
  assert((await other.getByTestId('check-new').count()) === 0, 'care may inspect');
  await other.context().close();

  // A group: area, number of trees and species; groups are archived, never felled.
  const group = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
    geom: {
      type: 'Polygon',
      coordinates: [
        [
          [9.4305, 54.7795],
          [9.4315, 54.7795],
          [9.4315, 54.7801],
          [9.4305, 54.7801],
          [9.4305, 54.7795],
        ],
      ],
    },
    tree_count: 14,
    species_count: 3,
    height: 8,
  });
  assert(group.status === 201, `creating the group answered ${group.status}: ${JSON.stringify(group.json)}`);
  await goto(page, `/projects/${projectId}/map?tree=${group.json.id}`);
  await page.getByTestId('tree-general').waitFor();
  await see(page, 'Group');
  assert((await page.getByTestId('tree-field-tree_count').inputValue()) === '14', 'tree count');
  assert((await page.getByTestId('tree-field-species_count').inputValue()) === '3', 'species count');
  assert(/m²|ha/.test(await page.getByTestId('tree-area').inputValue()), 'the area is not shown');
  assert((await page.getByTestId('tree-fell').count()) === 0, 'a group offers felling');
  await page.getByTestId('tree-archive').waitFor();

  // A tree entered by mistake (never inspected) is deleted, with its works, after a confirmation.
  const work = (await apiJSON(page, 'GET', `/api/content/lists${q}`)).json.work[0];
  const added = await apiJSON(page, 'POST', `/api/content/action${q}`, { tree: treeId, work: work.id });
  assert(added.status === 201, `adding a work answered ${added.status}`);
  await goto(page, `/projects/${projectId}/map?tree=${treeId}`);
  await page.getByTestId('tree-delete').click();
  const deleted = answer(page, 'DELETE', `/api/content/tree/${treeId}`);
  await page.getByTestId('tree-delete-confirm').click();
  assert((await deleted).status() === 204, 'deleting the tree failed');
  await page.waitForURL((u) => !u.search.includes('tree='));
  assert((await apiJSON(page, 'GET', `/api/content/tree/${treeId}${q}`)).status === 404, 'the tree is still there');
  noPageErrors(page);
  await page.context().close();
});
