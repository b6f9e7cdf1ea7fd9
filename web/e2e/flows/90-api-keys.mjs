// An organisation's administrator makes an API key for a GIS program: it is shown once, copied,
// opens the project's GIS web service (whose HTML view a person can browse), shows its last
// use, and stops working when revoked.
import {
  test,
  assert,
  shot,
  newUser,
  newPage,
  createOrganisation,
  createProject,
  goto,
  pickMenu,
  BASE,
  newProject,
} from '../lib.mjs';

const status = async (path) => (await fetch(BASE + path)).status;

test('api keys: made, shown once, copied, used by a GIS client, revoked', async (browser) => {
  const { page } = await newUser(browser, 'apikeys');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  const orgId = await createOrganisation(page, `Grünflächenamt ${Date.now().toString(36)}`);
  const projectId = await createProject(page, orgId, 'Stadtpark');
  await goto(page, `/organisations/${orgId}/organisation`);
  await page.getByTestId('api-keys-empty').waitFor();

  // Making one: both fields are needed.
  await page.getByTestId('create-api-key').click();
  await page.getByTestId('create-api-key-submit').click();
  await page.getByText('Please enter a name.').waitFor();
  await page.getByText('Choose at least one project.').waitFor();
  await page.getByTestId('api-key-name').fill('QGIS Grünflächen');
  await page.getByTestId('api-key-projects').click();
  await page.getByRole('option', { name: 'Stadtpark' }).click();
  await page.keyboard.press('Escape');
  await shot(page, 'api-key-create-en-light', { fullPage: false });
  await page.getByTestId('create-api-key-submit').click();
  const secret = (await page.getByTestId('api-key-value').innerText()).trim();
  assert(/^arb_[A-Za-z0-9_-]{40,}$/.test(secret), `key ${secret}`);
  await page.getByTestId('copy-api-key').click();
  await page.getByText('Copied').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert(copied === secret, 'the copy button did not copy the key');
  await shot(page, 'api-key-secret-en-light', { fullPage: false });
  await page.getByTestId('api-key-done').click();
  const row = page.getByTestId('api-key-row').filter({ hasText: 'QGIS Grünflächen' });
  await row.getByText('never used').waitFor();
  assert(!(await page.content()).includes(secret), 'the key is still on the page');

  // The key opens the project's GIS web service, nothing without it.
  const items = `/api/features/${projectId}/collections/trees/items`;
  assert((await status(items)) === 401, 'the service answers without a key');
  assert((await status(`${items}?key=${secret}`)) === 200, 'the key does not open the service');
  const view = await newPage(browser);
  await view.goto(`${BASE}/api/features/${projectId}?key=${secret}`);
  await view.getByText('Stadtpark').first().waitFor();
  await view
    .getByRole('link', { name: /Collections \(JSON\)|Collections/ })
    .first()
    .waitFor();
  await view.goto(`${BASE}/api/features/${projectId}/collections?f=html&key=${secret}`);
  await view.getByRole('link', { name: 'Browse' }).first().click();
  await view.getByText('0 features on this page').waitFor();
  await shot(view, 'features-html-en-light');
  await view.close();
  await page.reload();
  await row.getByText(/last used/).waitFor();
  await shot(page, 'api-keys-en-light');

  // German, dark, and a phone.
  await pickMenu(page, 'language-menu', 'language-de');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.getByText('API-Schlüssel').first().waitFor();
  await shot(page, 'api-keys-de-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('api-keys').scrollIntoViewIfNeeded();
  await shot(page, 'api-keys-de-dark-phone');
  await page.getByTestId('create-api-key').click();
  await shot(page, 'api-key-create-de-dark-phone', { fullPage: false });
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await pickMenu(page, 'language-menu', 'language-en');
  await pickMenu(page, 'theme-menu', 'theme-light');
  await page.setViewportSize({ width: 1280, height: 860 });

  // Revoking asks first, then the key stops working at once.
  await row.getByTestId('revoke-api-key').click();
  await page.getByTestId('revoke-api-key-modal').waitFor();
  await shot(page, 'api-key-revoke-en-light', { fullPage: false });
  await page.getByTestId('revoke-api-key-modal').getByRole('button', { name: 'Revoke key' }).click();
  await row.getByTestId('api-key-revoked').waitFor();
  assert((await status(`${items}?key=${secret}`)) === 401, 'a revoked key still opens the service');
});

test('api keys: the help page tells how to add the service in QGIS and ArcGIS Pro', async (browser) => {
  const { page, projectId } = await newProject(browser, 'gishelp', 'Baumamt', 'Alleen');
  await goto(page, '/help');
  await page.getByTestId('help-gis-link').click();
  await page.getByTestId('help-gis').waitFor();
  await page.getByTestId('help-gis-project').waitFor();
  const url = await page.getByTestId('help-gis-url').innerText();
  assert(url.trim() === `${BASE}/api/features/${projectId}`, `service address ${url}`);
  await page.getByTestId('help-gis-qgis').getByText('OGC API – Features').first().waitFor();
  await shot(page, 'help-gis-en-light');
  await pickMenu(page, 'language-menu', 'language-de');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.getByText('GIS-Webdienst').first().waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'help-gis-de-dark-phone');
});
