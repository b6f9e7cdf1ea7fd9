// Organisations, projects, sharing, administrators, project settings, value lists.
import { fileURLToPath } from 'node:url';
import {
  test,
  assert,
  uniqueEmail,
  newPage,
  shot,
  see,
  waitPath,
  titleIs,
  goto,
  fill,
  login,
  pickMenu,
  newUser,
  choose,
  createOrganisation,
  apiStatus,
  shootViews,
  saveSettings,
  noPageErrors,
  newProject,
} from '../lib.mjs';

/** Screenshots of the page as it is and at phone width (<name>-phone-<look>); then the size given. */
async function shotAlsoOnPhone(page, name, look, size) {
  await shot(page, `${name}-${look}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-phone-${look}`);
  await page.setViewportSize(size);
}

/** Saves the basemap form and waits for the saved basemap's row, with its password kept. */
async function saveBasemap(page, name) {
  await page.getByTestId('basemap-submit').click();
  await page.getByTestId('basemap-form').waitFor({ state: 'detached' });
  await page.locator(`[data-testid="basemap-row"][data-name="${name}"]`).getByTestId('basemap-password-kept').waitFor();
}

test('organisations and projects: create, share as View, the reader sees it read-only', async (browser) => {
  const reader = await newUser(browser, 'reader', { lastName: 'Linde' });
  const { page } = await newUser(browser, 'orgadmin');

  // No organisation yet: "Add project" is disabled and says why.
  await see(page, 'Hello, Ada');
  assert(await page.getByTestId('add-project').isDisabled(), 'add project is enabled without an organisation');
  await goto(page, '/organisations');
  await page.getByTestId('empty-state').waitFor();
  await titleIs(page, 'Organisations · Arbor');
  await shot(page, 'organisations-empty-en-light');

  // Create an organisation: it starts in its 28-day demo, I am its administrator.
  const orgName = `Stadtgrün ${Date.now().toString(36)}`;
  const orgId = await createOrganisation(page, orgName);
  await titleIs(page, 'Organisation · Arbor');
  await see(page, 'Demo – 28 days left');
  await page.getByTestId('breadcrumbs').getByText(orgName).waitFor();
  assert((await page.getByTestId('organisation-roles').textContent()).includes('Administrator'), 'not administrator');

  // Address and billing: client checks, then a save that survives a reload.
  await fill(page, 'leitweg_id_invoice', '12345');
  await page.getByTestId('organisation-save').click();
  await see(page, 'Please enter a Leitweg-ID like 04011000-1234512345-06.');
  await fill(page, 'leitweg_id_invoice', '04011000-1234512345-06');
  await fill(page, 'email_invoice', 'rechnung@example.org');
  await page.getByTestId('invoice-type').getByText('PayPal').click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/management/organisation/${orgId}`) && r.request().method() === 'PUT',
  );
  await page.getByTestId('organisation-save').click();
  const savedResponse = await saved;
  assert(savedResponse.status() === 200, `saving the organisation answered ${savedResponse.status()}`);
  const sent = savedResponse.request().postDataJSON();
  assert(sent.version >= 1 && sent.invoice_type === 'paypal', `the save sent ${JSON.stringify(sent)}`);
  await see(page, 'The organisation has been saved.');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByTestId('organisation-form').waitFor();
  const leitweg = await page.locator('input[name="leitweg_id_invoice"]').inputValue();
  assert(leitweg === '04011000-1234512345-06', `Leitweg-ID after reload was ${leitweg}`);

  // Projects: create one; the same name again is refused on the name field.
  await page.getByTestId('tab-projects').click();
  await waitPath(page, `/organisations/${orgId}/projects`);
  await page.getByTestId('organisation-projects').waitFor();
  await page.getByTestId('create-project').click();
  await fill(page, 'name', 'Stadtpark');
  await fill(page, 'companyName', 'Grünflächenamt');
  await page.getByTestId('create-project-submit').click();
  await page.waitForURL((u) => /^\/projects\/[0-9a-f-]{36}$/.test(u.pathname));
  const projectId = new URL(page.url()).pathname.split('/')[2];
  await page.getByTestId('project-page').waitFor();
  await titleIs(page, 'Project · Arbor');
  await see(page, 'Management');
  await goto(page, `/organisations/${orgId}/projects`);
  await page.getByTestId('create-project').click();
  await fill(page, 'name', 'Stadtpark');
  await page.getByTestId('create-project-submit').click();
  await see(page, 'A project with this name exists already in this organisation.');
  await shot(page, 'organisation-create-project-exists-en-light', { fullPage: false });
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByTestId('create-project-form').waitFor({ state: 'detached' });

  // The header's "Add project" now offers my organisation.
  await goto(page, '/');
  await page.getByTestId('add-project').click();
  await page.getByTestId('create-project-form').waitFor();
  await shot(page, 'home-add-project-modal-en-light', { fullPage: false });
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  // Share the project with the reader (View) and with an address without an account.
  await goto(page, `/projects/${projectId}/settings/user`);
  await page.getByTestId('share-project').click();
  const invited = uniqueEmail('invited');
  await fill(page, 'emails', `${reader.email}, not-an-address`);
  await page.getByTestId('share-submit').click();
  await see(page, 'These are not valid e-mail addresses: not-an-address');
  await fill(page, 'emails', `${reader.email}, ${invited}`);
  await choose(page, 'share-access', 'View');
  await page.getByTestId('share-submit').click();
  await see(page, 'Invitation sent. Access is granted once it is accepted.');
  // Both are invitations, by address only, alike whether the address has an account or not.
  await page
    .locator(`[data-testid="member-row"][data-pending="true"][data-email="${reader.email.toLowerCase()}"]`)
    .waitFor();
  await page.locator(`[data-testid="member-row"][data-pending="true"][data-email="${invited}"]`).waitFor();
  // Sharing again with the same address is refused, naming it.
  await page.getByTestId('share-project').click();
  await fill(page, 'emails', reader.email);
  await page.getByTestId('share-submit').click();
  await see(page, `has access to the project already or is invited`);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByTestId('share-form').waitFor({ state: 'detached' });

  // The assignments table shows both, the invitation with its badge.
  await goto(page, `/organisations/${orgId}/projects`);
  await page.getByTestId('assignments-table').waitFor();
  await page.getByTestId('assignments-table').getByText('Invitation pending').first().waitFor();
  await page.getByTestId('assignments-table').getByText('View').first().waitFor();

  // Screenshots of every new page, English light and German dark.
  const views = [
    ['home-projects', '/', 'recent-project-list'],
    ['organisations', '/organisations', 'organisation-list'],
    ['organisation', `/organisations/${orgId}/organisation`, 'administrators'],
    ['organisation-projects', `/organisations/${orgId}/projects`, 'assignments-table'],
    ['organisation-documents', `/organisations/${orgId}/documents`, 'organisation-documents'],
    ['organisation-lists', `/organisations/${orgId}/lists`, 'value-lists'],
    ['organisation-packages', `/organisations/${orgId}/packages`, 'packages-page'],
    ['projects', '/projects', 'project-list'],
    ['project', `/projects/${projectId}`, 'project-page'],
    ['project-settings-general', `/projects/${projectId}/settings/general`, 'project-general-form'],
    ['project-settings-user', `/projects/${projectId}/settings/user`, 'members-table'],
    ['project-settings-index', `/projects/${projectId}/settings/index`, 'intervals-form'],
    ['project-settings-management', `/projects/${projectId}/settings/management`, 'project-management'],
  ];
  await shootViews(page, views, 'en-light');
  await goto(page, `/projects/${projectId}/settings/management`);
  await see(page, 'support@arbor.example');
  await pickMenu(page, 'language-menu', 'language-de');
  await see(page, 'Projektverwaltung');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
  await shootViews(page, views, 'de-dark');
  await goto(page, `/organisations/${orgId}/organisation`);
  await see(page, 'Demo – noch 28 Tage');
  await goto(page, `/projects/${projectId}/settings/user`);
  await page.getByTestId('members-table').waitFor();
  const levels = await page.getByTestId('member-access').evaluateAll((els) => els.map((e) => e.value));
  assert(levels.includes('Ansicht'), `the access levels in German were ${levels.join(', ')}`);
  await page.getByTestId('share-project').click();
  await page.getByTestId('share-form').waitFor();
  await shot(page, 'project-share-modal-de-dark', { fullPage: false });
  await page.getByRole('button', { name: 'Abbrechen' }).click();

  // The reader accepts the invitation in the app, where the link of the e-mail leads: nothing of
  // the project before; the home page tells of the open invitation.
  const r = reader.page;
  await r.reload({ waitUntil: 'domcontentloaded' });
  await r.getByTestId('invitations-notice').waitFor();
  await shot(r, 'home-invitations-notice-en-light', { fullPage: false });
  const before = await apiStatus(r, 'GET', `/api/management/project/${projectId}`);
  assert(before === 404, `the invited reader read the project before accepting: ${before}`);
  await r.getByTestId('invitations-link').click();
  await waitPath(r, '/invitations');
  const invitation = r.locator('[data-testid="invitation"][data-kind="project"][data-name="Stadtpark"]');
  await invitation.waitFor();
  await shotAlsoOnPhone(r, 'invitations', 'en-light', { width: 1440, height: 900 });
  await pickMenu(r, 'language-menu', 'language-de');
  await pickMenu(r, 'theme-menu', 'theme-dark');
  await see(r, 'Einladungen an Ihre E-Mail-Adresse');
  await shotAlsoOnPhone(r, 'invitations', 'de-dark', { width: 1280, height: 860 });
  await pickMenu(r, 'language-menu', 'language-en');
  await pickMenu(r, 'theme-menu', 'theme-light');
  await invitation.getByTestId('invitation-accept').click();
  await see(r, 'You have accepted the invitation to Stadtpark.');
  await r.getByTestId('invitations-empty').waitFor();

  // The reader: the project is on the home page; it opens read-only.
  await goto(r, '/');
  await r.getByTestId('recent-project-list').getByText('Stadtpark').waitFor();
  assert(await r.getByTestId('add-project').isDisabled(), 'a reader without an organisation may add projects');
  await r.getByTestId('recent-project-list').getByText('Stadtpark').click();
  await waitPath(r, `/projects/${projectId}`);
  await r.getByTestId('project-page').waitFor();
  assert((await r.getByTestId('project-page').getAttribute('data-role')) === 'reader', 'the reader is not a reader');
  await r.getByTestId('project-page').getByText('View').first().waitFor();
  assert((await r.getByTestId('project-settings').count()) === 0, 'a reader sees the settings button');
  await shot(r, 'project-reader-en-light');
  await goto(r, `/projects/${projectId}/settings/general`);
  await r.getByTestId('read-only-notice').waitFor();
  assert((await r.getByTestId('project-save').count()) === 0, 'a reader sees a save button');
  assert(await r.locator('input[name="name"]').isDisabled(), 'a reader can edit the project name');
  assert(await r.locator('input[name="unique_number"]').isDisabled(), 'a reader can switch unique numbers');
  await shot(r, 'project-settings-general-reader-en-light');
  await goto(r, `/projects/${projectId}/settings/user`);
  await r.getByTestId('read-only-notice').waitFor();
  assert((await r.getByTestId('share-project').count()) === 0, 'a reader sees the share button');
  for (const [section, marker] of [
    ['custom-fields', 'custom-fields-form'],
    ['index', 'intervals-form'],
    ['map-settings', 'basemaps-section'],
  ]) {
    await goto(r, `/projects/${projectId}/settings/${section}`);
    await r.getByTestId(marker).getByTestId('read-only-notice').waitFor();
    assert((await r.getByTestId('settings-save').count()) === 0, `a reader sees Save in ${section}`);
  }
  assert((await r.getByTestId('basemap-add').count()) === 0, 'a reader sees "Add basemap"');
  await shot(r, 'project-settings-map-settings-reader-en-light');
  // The reader's organisation page: members read the address, nothing to edit.
  await goto(r, `/organisations/${orgId}/organisation`);
  await r.getByTestId('organisation-form').waitFor();
  assert((await r.getByTestId('organisation-save').count()) === 0, 'a member sees the organisation save button');
  assert((await r.getByTestId('administrators').count()) === 0, 'a member sees the administrators');
  assert(await r.locator('input[name="name"]').isDisabled(), 'a member can edit the organisation');
  await goto(r, `/organisations/${orgId}/projects`);
  await r.getByTestId('organisation-project-table').waitFor();
  assert((await r.getByTestId('create-project').count()) === 0, 'a member sees create project');
  assert((await r.getByTestId('assignments').count()) === 0, 'a member sees the assignments');
  // A direct write as the reader is refused by the server.
  const status = await apiStatus(r, 'PUT', `/api/management/project/${projectId}`, { name: 'Taken over', version: 1 });
  assert(status === 403, `a reader's PUT of the project answered ${status}`);

  // Someone else's project: not found.
  await goto(r, '/projects/00000000-0000-4000-8000-000000000000');
  await r.getByTestId('not-found-state').waitFor();

  noPageErrors(page);
  noPageErrors(r, 'reader page');
  await r.context().close();
  await page.context().close();
});

test('organisation administrators and cancelling the organisation', async (browser) => {
  const other = await newUser(browser, 'coadmin', { lastName: 'Ahorn' });
  const { page, email } = await newUser(browser, 'canceller');
  const orgName = `Baumpflege ${Date.now().toString(36)}`;
  const orgId = await createOrganisation(page, orgName);
  await page.getByTestId('administrators').waitFor();

  // An administrator already: the server's message, nobody added.
  await page.getByTestId('add-admin').click();
  await fill(page, 'emails', email);
  await page.getByTestId('add-admin-submit').click();
  await see(page, `${email} is already an administrator of this organisation.`);
  await shot(page, 'organisation-add-admin-exists-en-light', { fullPage: false });
  // An address without an account is invited like one with: the same answer, nobody added yet.
  const nobody = uniqueEmail('nobody');
  await fill(page, 'emails', nobody);
  await page.getByTestId('add-admin-submit').click();
  await see(page, 'Invitation sent. Nobody becomes an administrator before accepting it.');
  const nobodyRow = page.locator(`[data-testid="admin-invitation-row"][data-email="${nobody}"]`);
  await nobodyRow.waitFor();
  await page.getByTestId('add-admin').click();
  await fill(page, 'emails', other.email);
  await page.getByTestId('add-admin-submit').click();
  await page.locator(`[data-testid="admin-invitation-row"][data-email="${other.email.toLowerCase()}"]`).waitFor();
  assert(
    (await page.locator(`[data-testid="admin-row"][data-email="${other.email.toLowerCase()}"]`).count()) === 0,
    'an invited account is an administrator before accepting',
  );
  await shot(page, 'organisation-admin-invitations-en-light');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('administrators').scrollIntoViewIfNeeded();
  await shot(page, 'organisation-admin-invitations-phone-en-light', { fullPage: false });
  await pickMenu(page, 'language-menu', 'language-de');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await see(page, 'Einladung gesendet');
  await page.getByTestId('administrators').scrollIntoViewIfNeeded();
  await shot(page, 'organisation-admin-invitations-phone-de-dark', { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('administrators').scrollIntoViewIfNeeded();
  await shot(page, 'organisation-admin-invitations-de-dark', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 860 });
  await pickMenu(page, 'language-menu', 'language-en');
  await pickMenu(page, 'theme-menu', 'theme-light');
  // The invitation to the unknown address is withdrawn.
  await nobodyRow.getByTestId('withdraw-admin-invitation').click();
  await see(page, `The invitation to ${nobody} has been withdrawn.`);
  await nobodyRow.waitFor({ state: 'detached' });
  // The other person accepts in the app; then they are an administrator.
  await goto(other.page, '/invitations');
  const adminInvitation = other.page.locator(
    `[data-testid="invitation"][data-kind="organisation"][data-name="${orgName}"]`,
  );
  await adminInvitation.getByTestId('invitation-accept').click();
  await other.page.getByTestId('invitations-empty').waitFor();
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.locator(`[data-testid="admin-row"][data-email="${other.email.toLowerCase()}"]`).waitFor();

  // Remove the other administrator (confirmed), then try to remove the last one: refused.
  await page
    .locator(`[data-testid="admin-row"][data-email="${other.email.toLowerCase()}"]`)
    .getByTestId('remove-admin')
    .click();
  await page.getByTestId('remove-admin-modal').waitFor();
  await shot(page, 'organisation-remove-admin-modal-en-light', { fullPage: false });
  await page.getByTestId('confirm-button').click();
  await page
    .locator(`[data-testid="admin-row"][data-email="${other.email.toLowerCase()}"]`)
    .waitFor({ state: 'detached' });
  await page.getByTestId('remove-admin').first().click();
  await page.getByTestId('confirm-button').click();
  await see(page, 'An organisation needs at least one administrator.');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByTestId('remove-admin-modal').waitFor({ state: 'detached' });

  // Cancel the organisation: the button waits for the typed name.
  await page.getByTestId('cancel-organisation').click();
  await page.getByTestId('cancel-form').waitFor();
  await fill(page, 'confirmName', 'something else');
  assert(await page.getByTestId('cancel-confirm').isDisabled(), 'cancel is possible with the wrong name');
  await fill(page, 'confirmName', orgName);
  await shot(page, 'organisation-cancel-modal-en-light', { fullPage: false });
  const cancelled = page.waitForResponse((r) => r.url().endsWith(`/api/management/organisation/${orgId}/cancel`));
  await page.getByTestId('cancel-confirm').click();
  assert((await cancelled).status() === 200, 'cancelling did not answer 200');
  await page.getByTestId('cancelled-notice').waitFor();
  await page.getByTestId('cancel-form').waitFor({ state: 'detached' });
  await page.locator('[data-testid="organisation-status"][data-status="terminated"]').waitFor();
  for (const id of ['organisation-save', 'add-admin', 'remove-admin', 'cancel-organisation']) {
    assert((await page.getByTestId(id).count()) === 0, `${id} is still shown after cancelling`);
  }
  assert(await page.locator('input[name="name"]').isDisabled(), 'the name is editable after cancelling');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByTestId('cancelled-notice').waitFor();
  await shot(page, 'organisation-cancelled-en-light');
  await page.getByTestId('tab-projects').click();
  await page.getByTestId('organisation-projects').waitFor();
  assert((await page.getByTestId('create-project').count()) === 0, 'create project after cancelling');
  await goto(page, '/organisations');
  await page.getByTestId('organisation-list').getByText('Cancelled').waitFor();
  // The cancelled organisation is no choice for new projects.
  await goto(page, '/');
  assert(
    await page.getByTestId('add-project').isDisabled(),
    'add project is enabled with only a cancelled organisation',
  );
  // Every administrator gets a confirmation e-mail (the other one was removed before).
  noPageErrors(page);
  await other.page.context().close();
  await page.context().close();
});

/** Creates a project in the organisation from its projects tab; answers the project's id. */

test('project settings: custom fields, required fields, intervals and basemaps', async (browser) => {
  const { page, projectId } = await newProject(browser, 'settings', 'Baumamt', 'Alleen');
  const base = `/projects/${projectId}/settings`;

  // Custom fields: activate general01 as a list with two entries; one Save sends all 19 fields.
  await goto(page, `${base}/custom-fields`);
  await page.getByTestId('custom-fields-form').waitFor();
  await page.getByRole('switch', { name: 'Activate Custom field 01' }).check({ force: true });
  await page.getByTestId('cf-alias-general01').fill('Eigentümer');
  await page.getByTestId('cf-type-general01').getByText('List', { exact: true }).click();
  const values = page.getByTestId('cf-values-general01');
  await values.fill('Stadt');
  await values.press('Enter');
  await values.fill('Privat');
  await values.press('Enter');
  const cf = await saveSettings(page, projectId);
  assert(Object.keys(cf.sent.custom_fields).length === 19, `sent ${Object.keys(cf.sent.custom_fields).length} fields`);
  assert(cf.sent.version >= 1, `sent version ${cf.sent.version}`);
  const g1 = cf.answer.custom_fields.general01;
  assert(g1.active && g1.type === 'list' && g1.values.join() === 'Stadt,Privat', `general01 was ${JSON.stringify(g1)}`);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByTestId('custom-fields-form').waitFor();
  const alias = await page.getByTestId('cf-alias-general01').inputValue();
  assert(alias === 'Eigentümer', `alias after reload was ${alias}`);
  await page.locator('[data-testid="custom-field-list-row"][data-field="general01"]').getByText('Privat').waitFor();
  assert(
    (await page.getByRole('switch', { name: 'Activate Custom field 01' }).isChecked()) === true,
    'general01 is not active after reload',
  );

  // Required fields: species; the active custom field is offered by its alias.
  await goto(page, `${base}/required-fields`);
  await page.getByTestId('required-fields-form').waitFor();
  await page.getByTestId('required-fields-form').getByText('Eigentümer').waitFor();
  await page.getByLabel('Species', { exact: true }).check();
  const rf = await saveSettings(page, projectId);
  assert(rf.answer.required_fields.includes('species'), `required fields ${rf.answer.required_fields}`);

  // Defaults: only the values set are sent; enumerations as numbers.
  await goto(page, `${base}/default-values`);
  await page.getByTestId('default-values-form').waitFor();
  await page.getByTestId('default-species').fill('Tilia cordata');
  await choose(page, 'default-vitality', 'Vital');
  await choose(page, 'default-general01', 'Privat');
  const dv = await saveSettings(page, projectId);
  const want = JSON.stringify({ species: 'Tilia cordata', vitality: 0, general01: 'Privat' });
  assert(JSON.stringify(dv.sent.default_values) === want, `sent defaults ${JSON.stringify(dv.sent.default_values)}`);

  // Inspection intervals: juvenile/mature & healthy, low expectation → 48 months.
  await goto(page, `${base}/index`);
  await page.getByTestId('intervals-form').waitFor();
  assert((await page.getByTestId('intervals-reset').isDisabled()) === true, 'reset is enabled on FLL values');
  await page.getByTestId('interval-young_healthy-low').fill('48');
  const iv = await saveSettings(page, projectId);
  assert(iv.answer.inspection_intervals.young_healthy.low === 48, JSON.stringify(iv.answer.inspection_intervals));
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByTestId('intervals-form').waitFor();
  const months = await page.getByTestId('interval-young_healthy-low').inputValue();
  assert(months.startsWith('48'), `the interval after reload was ${months}`);
  assert((await page.getByTestId('intervals-reset').isEnabled()) === true, 'reset is disabled on changed values');

  // Basemaps: a WMS with a password; the password is kept on the server and never answered.
  const secret = `Wms-Secret-${Date.now().toString(36)}`;
  await goto(page, `${base}/map-settings`);
  await page.getByTestId('basemaps-section').waitFor();
  await page.getByTestId('basemap-add').click();
  await page.getByTestId('basemap-form').waitFor();
  await fill(page, 'basemap_name', 'Luftbild');
  await choose(page, 'basemap-type', 'WMS');
  await fill(page, 'basemap_url', 'https://wms.example.org/service');
  await fill(page, 'basemap_layers', 'dop20');
  await fill(page, 'basemap_username', 'gis');
  await fill(page, 'basemap_password', secret);
  await shot(page, 'project-settings-basemap-modal-en-light', { fullPage: false });
  await saveBasemap(page, 'Luftbild');
  const settingsJson = await page.evaluate(
    async (path) => (await fetch(path, { headers: { Accept: 'application/json' } })).text(),
    `/api/management/project/${projectId}/settings`,
  );
  assert(!settingsJson.includes(secret), 'the settings answer contains the basemap password');
  const bm = JSON.parse(settingsJson).basemaps;
  assert(bm.length === 1 && bm[0].has_password && bm[0].type === 'wms', `basemaps were ${JSON.stringify(bm)}`);
  // Editing without a new password keeps it.
  await page.getByTestId('basemap-edit').click();
  await see(page, 'Leave empty to keep the saved password.');
  await fill(page, 'basemap_name', 'Luftbild 2025');
  await saveBasemap(page, 'Luftbild 2025');

  // Screenshots of every settings section, English light and German dark.
  const views = [
    ['project-settings-custom-fields', `${base}/custom-fields`, 'custom-fields-form'],
    ['project-settings-required-fields', `${base}/required-fields`, 'required-fields-form'],
    ['project-settings-default-values', `${base}/default-values`, 'default-values-form'],
    ['project-settings-map-settings', `${base}/map-settings`, 'basemaps-section'],
    ['project-settings-intervals', `${base}/index`, 'intervals-form'],
  ];
  await shootViews(page, views, 'en-light');
  await pickMenu(page, 'language-menu', 'language-de');
  await see(page, 'Kontrollintervalle');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
  await shootViews(page, views, 'de-dark');
  await goto(page, `${base}/index`);
  await see(page, 'Auf FLL-Werte zurücksetzen');

  noPageErrors(page);
  await page.context().close();
});

test('project general settings: a save over a change made elsewhere shows the stale alert and reloads', async (browser) => {
  const { page, email, projectId } = await newProject(browser, 'stale', 'Forstamt', 'Lindenallee');
  const apiPath = `/api/management/project/${projectId}`;

  // Page A: the general settings, loaded with the current version.
  await goto(page, `/projects/${projectId}/settings/general`);
  await page.getByTestId('project-general-form').waitFor();
  await page.waitForFunction(() => document.querySelector('input[name="name"]')?.value === 'Lindenallee');

  // The same account in a second browser context (its own session) renames the project directly.
  const other = await newPage(browser);
  await goto(other, '/login');
  await login(other, email);
  await waitPath(other, '/');
  const changed = await other.evaluate(async (path) => {
    const pair = document.cookie.split('; ').find((c) => c.startsWith('arbor_csrf='));
    const csrf = pair ? decodeURIComponent(pair.slice('arbor_csrf='.length)) : '';
    const current = await (await fetch(path, { headers: { Accept: 'application/json' } })).json();
    const r = await fetch(path, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify({ ...current, name: 'Changed elsewhere', version: current.version }),
    });
    return { status: r.status, before: current.version, after: (await r.json()).version };
  }, apiPath);
  assert(changed.status === 200, `the direct rename answered ${changed.status}`);
  assert(changed.after > changed.before, `the version did not move: ${JSON.stringify(changed)}`);

  // Page A still shows the old state; editing the note and saving is refused as stale.
  await page.locator('textarea[name="note"]').fill('Edited in a stale form');
  const saved = page.waitForResponse((r) => r.url().endsWith(apiPath) && r.request().method() === 'PUT');
  await page.getByTestId('project-save').click();
  const res = await saved;
  assert(res.status() === 409, `the stale save answered ${res.status()}`);
  assert(res.request().postDataJSON().version === changed.before, 'the stale save did not send the old version');
  const notice = page.getByTestId('stale-notice');
  await notice.waitFor();
  await notice.getByText('Someone else changed this project').waitFor();
  await shot(page, 'project-settings-general-stale-en-light');

  // Reload shows the state saved elsewhere and drops the unsaved note; page A is still logged in.
  await notice.getByRole('button', { name: 'Reload' }).click();
  await notice.waitFor({ state: 'detached' });
  const name = await page.locator('input[name="name"]').inputValue();
  assert(name === 'Changed elsewhere', `the name after Reload was "${name}"`);
  const note = await page.locator('textarea[name="note"]').inputValue();
  assert(note !== 'Edited in a stale form', 'Reload kept the unsaved note');
  await page.locator('textarea[name="note"]').fill('Edited after reloading');
  const resaved = page.waitForResponse((r) => r.url().endsWith(apiPath) && r.request().method() === 'PUT');
  await page.getByTestId('project-save').click();
  const again = await resaved;
  assert(again.status() === 200, `saving after Reload answered ${again.status()}`);
  await see(page, 'The project settings have been saved.');

  noPageErrors(page);
  noPageErrors(other);
  await other.context().close();
  await page.context().close();
});

test('value lists', async (browser) => {
  const { page } = await newUser(browser, 'lists');
  const orgId = await createOrganisation(page, `Grünflächenamt ${Date.now().toString(36)}`);
  await page.getByTestId('tab-lists').click();
  await waitPath(page, `/organisations/${orgId}/lists`);
  const lists = page.getByTestId('value-lists');
  await lists.waitFor();
  const row = (name) => page.locator(`[data-testid="list-row"][data-name="${name}"]`);

  // The standard species are there, read-only.
  await page.getByTestId('list-search').fill('tilia cordata');
  await row('Tilia cordata').waitFor();
  assert((await row('Tilia cordata').getAttribute('data-global')) === 'true', 'Tilia cordata is not a standard entry');
  assert((await row('Tilia cordata').getByTestId('remove-entry').count()) === 0, 'a standard entry can be removed');
  await row('Tilia cordata').getByTestId('standard-badge').waitFor();
  await shot(page, 'organisation-lists-species-en-light');

  // An own species; a value the list holds already is refused in the form.
  await page.getByTestId('list-add').click();
  await page.getByTestId('entry-form').waitFor();
  await fill(page, 'botanical', 'TILIA cordata');
  await page.getByTestId('entry-submit').click();
  await see(page, '"TILIA cordata" is in the list already.');
  await fill(page, 'botanical', "Malus 'Evereste'");
  await fill(page, 'name', 'Zierapfel');
  await page.getByTestId('entry-submit').click();
  await see(page, '"Zierapfel" has been added.');
  await page.getByTestId('entry-form').waitFor({ state: 'detached' });
  await page.getByTestId('list-search').fill('evereste');
  await row("Malus 'Evereste'").waitFor();
  assert((await row("Malus 'Evereste'").getAttribute('data-global')) === 'false', 'the own species is marked standard');

  // An own work with its category, safety code and relevance; the standard works are listed.
  await page.getByTestId('list-work').click();
  await page.locator('[data-testid="value-lists"][data-list="work"]').waitFor();
  await row('Felling').waitFor();
  await row('Detailed investigation').waitFor();
  await page.getByTestId('list-add').click();
  await page.getByTestId('entry-form').waitFor();
  await fill(page, 'name', 'Pollarding');
  await choose(page, 'entry-category', 'Pruning');
  await choose(page, 'entry-action-security', '2 – restorable');
  await shot(page, 'organisation-lists-add-work-en-light', { fullPage: false });
  await page.getByTestId('entry-submit').click();
  await see(page, '"Pollarding" has been added.');
  await row('Pollarding').waitFor();
  await row('Pollarding').getByText('Pruning').waitFor();

  // Excel import into the species: two new, one existing, the blank cell skipped.
  await page.getByTestId('list-species').click();
  await page.locator('[data-testid="value-lists"][data-list="species"]').waitFor();
  const answered = page.waitForResponse((r) => r.url().endsWith(`/lists/species/import`));
  await lists
    .locator('input[type="file"]')
    .setInputFiles(fileURLToPath(new URL('../fixtures/species.xlsx', import.meta.url)));
  assert((await answered).status() === 200, 'the import did not answer 200');
  await see(page, '2 entries added');
  await see(page, 'Already in the list: Tilia cordata');
  await page.getByTestId('list-search').fill('e2e');
  await row('Quercus arborea-e2e').waitFor();
  await row('Ulmus silvestris-e2e').waitFor();
  await shot(page, 'organisation-lists-imported-en-light');

  // Removing an own entry, with a confirmation.
  await page.getByTestId('list-search').fill('evereste');
  await row("Malus 'Evereste'").getByTestId('remove-entry').click();
  await page.getByTestId('remove-entry-modal').waitFor();
  await page.getByTestId('confirm-button').click();
  await see(page, '"Zierapfel" has been removed.');
  await row("Malus 'Evereste'").waitFor({ state: 'detached' });
  await page.getByTestId('list-empty').waitFor();
  noPageErrors(page);
  await page.context().close();
});

/** A JSON API call made by the page itself (cookies and CSRF header): status and body. */
