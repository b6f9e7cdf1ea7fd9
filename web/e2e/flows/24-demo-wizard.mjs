// A new organisation in its demo is offered the demo project wizard: start, project (its name),
// custom (which custom fields), finish. The wizard makes a project with real trees of the demo
// register, and the map shows them. Screenshots of the offer and the wizard in English and
// German, light and dark, desktop and phone.
import {
  test,
  assert,
  shot,
  newUser,
  createOrganisation,
  goto,
  apiJSON,
  pickMenu,
  mapReady,
  waitPath,
} from '../lib.mjs';

test('demo wizard: a new organisation makes its demo project and sees its trees on the map', async (browser) => {
  const { page } = await newUser(browser, 'wizard');
  const orgId = await createOrganisation(page, `Grünflächenamt ${Date.now().toString(36)}`);
  const offer = page.getByTestId('demo-wizard-offer');
  await offer.waitFor();
  const wizard = page.getByTestId('demo-wizard');

  for (const [lang, theme] of [
    ['en', 'light'],
    ['en', 'dark'],
    ['de', 'light'],
    ['de', 'dark'],
  ]) {
    await pickMenu(page, 'language-menu', `language-${lang}`);
    await pickMenu(page, 'theme-menu', `theme-${theme}`);
    for (const [device, size] of [
      ['desktop', { width: 1440, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ]) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `wizard-offer-${lang}-${theme}-${device}`);
      await page.getByTestId('demo-wizard-open').click();
      await wizard.waitFor();
      await shot(page, `wizard-start-${lang}-${theme}-${device}`, { fullPage: false });
      await page.getByTestId('demo-wizard-next').click();
      await page.getByTestId('demo-wizard-next').click();
      await page.locator('[data-testid="demo-wizard"][data-step="custom"]').waitFor();
      await shot(page, `wizard-custom-${lang}-${theme}-${device}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await wizard.waitFor({ state: 'detached' });
    }
  }
  await pickMenu(page, 'language-menu', 'language-en');
  await pickMenu(page, 'theme-menu', 'theme-light');
  await page.setViewportSize({ width: 1440, height: 900 });

  // start → project: the name is required.
  await page.getByTestId('demo-wizard-open').click();
  await page.locator('[data-testid="demo-wizard"][data-step="start"]').waitFor();
  await page.getByTestId('demo-wizard-next').click();
  const name = page.getByTestId('demo-wizard-name');
  assert((await name.inputValue()) === 'Demo project', `default name ${await name.inputValue()}`);
  await name.fill('  ');
  await page.getByTestId('demo-wizard-next').click();
  await page.getByText('This field is required', { exact: false }).first().waitFor();
  assert((await wizard.getAttribute('data-step')) === 'project', 'a blank name stays on the project step');
  await name.fill('Altstadt Demo');
  await page.getByTestId('demo-wizard-next').click();
  // custom: only the street.
  await page.locator('[data-testid="demo-wizard"][data-step="custom"]').waitFor();
  await page.getByTestId('demo-wizard-field-area').uncheck();
  await page.getByTestId('demo-wizard-next').click();
  // finish
  await page.locator('[data-testid="demo-wizard"][data-step="finish"]').waitFor();
  await page.getByTestId('demo-wizard-summary-name').getByText('Altstadt Demo').waitFor();
  await page.getByTestId('demo-wizard-create').click();
  const done = page.getByTestId('demo-wizard-done');
  await done.waitFor({ timeout: 30000 });
  await done.getByText('“Altstadt Demo” is ready').waitFor();
  await shot(page, 'wizard-done-en-light-desktop', { fullPage: false });

  // The project is the organisation's, with the chosen custom field only.
  const projects = await apiJSON(page, 'GET', `/api/management/project-list?organisation=${orgId}`);
  const project = projects.json.items.find((p) => p.name === 'Altstadt Demo');
  assert(project && project.tree_count > 0, `the demo project: ${JSON.stringify(projects.json)}`);
  const settings = await apiJSON(page, 'GET', `/api/management/project/${project.id}/settings`);
  assert(
    settings.json.custom_fields.general01?.alias === 'Street',
    `custom fields ${JSON.stringify(settings.json.custom_fields)}`,
  );
  assert(!settings.json.custom_fields.general02?.active, 'the area was not chosen');

  // The map shows its trees.
  await page.getByTestId('demo-wizard-map').click();
  await waitPath(page, `/projects/${project.id}/map`);
  await mapReady(page);
  await page.waitForFunction(() => window.__map.queryRenderedFeatures({ layers: ['trees'] }).length > 0, null, {
    timeout: 20000,
  });
  await shot(page, 'wizard-map-en-light-desktop', { fullPage: false });

  // The offer is gone once the organisation has a project.
  await goto(page, `/organisations/${orgId}/organisation`);
  await page.getByTestId('organisation-form').waitFor();
  assert((await offer.count()) === 0, 'the wizard is offered only to an organisation without projects');
});
