// An organisation's life in one path: someone registers, creates an organisation and is offered
// the demo project wizard: start, project (its name), custom (which custom fields), finish. The
// wizard makes a project with real trees of the demo register, and the map shows them. Then the
// clock passes the 28 days: the expired modal offers a package, it is booked, and its invoice is
// in the organisation's documents. Screenshots of the offer and the wizard in English and German,
// light and dark, desktop and phone.
import {
  test,
  assert,
  shot,
  newOrganisation,
  endDemo,
  eachLook,
  goto,
  apiJSON,
  mapReady,
  waitPath,
  bookAfterDemo,
} from '../lib.mjs';

test('demo wizard: register, organisation, demo project on the map, demo ends, package booked, invoice', async (browser) => {
  const { page, orgId } = await newOrganisation(browser, 'wizard', `Grünflächenamt ${Date.now().toString(36)}`);
  const offer = page.getByTestId('demo-wizard-offer');
  await offer.waitFor();
  const wizard = page.getByTestId('demo-wizard');

  await eachLook(page, async ({ name }) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `wizard-offer-${name}`);
    await page.getByTestId('demo-wizard-open').click();
    await wizard.waitFor();
    await shot(page, `wizard-start-${name}`, { fullPage: false });
    await page.getByTestId('demo-wizard-next').click();
    await page.getByTestId('demo-wizard-next').click();
    await page.locator('[data-testid="demo-wizard"][data-step="custom"]').waitFor();
    await shot(page, `wizard-custom-${name}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await wizard.waitFor({ state: 'detached' });
  });

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

  // The clock passes the 28 days: the expired modal, the demo project read-only.
  await endDemo(orgId);
  // The modal leads to the packages; a package big enough for the demo's trees is booked.
  await bookAfterDemo(page, { orgId, projectId: project.id, trees: 1000 });
  // The invoice is in the organisation's documents.
  await goto(page, `/organisations/${orgId}/documents`);
  const invoice = page.getByTestId('organisation-invoices').getByTestId('invoice').first();
  await invoice.waitFor();
  await invoice.getByText('€345.10').waitFor();
  assert(/^\d{4}-\d{5}$/.test(await invoice.getAttribute('data-number')), 'the invoice has a number');
});
