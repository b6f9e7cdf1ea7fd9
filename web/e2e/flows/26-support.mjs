// Platform support's overview: a super manager finds every organisation with its state, package,
// add-ons and usage, extends an ended demo from the page after confirming the new end, and finds
// the extension in the support record. Nobody else sees the menu entry or gets the overview.
// Screenshots of the page, its support record and the extension modal in English and German,
// light and dark, desktop and phone.
import {
  test,
  assert,
  shot,
  newOrganisation,
  newSupportUser,
  createOrganisation,
  endDemo,
  eachLook,
  goto,
  apiJSON,
  noCutTexts,
} from '../lib.mjs';

test('support: a super manager extends an ended demo from the overview and sees it in the support record', async (browser) => {
  // A customer with three organisations: one in its demo, one booked, one whose demo ended.
  const stamp = Date.now().toString(36);
  const { page: customer, orgId: ended } = await newOrganisation(browser, 'customer', `Grünflächenamt Kiel ${stamp}`);
  await endDemo(ended);
  const booked = await createOrganisation(customer, `Baumpflege Nord ${stamp}`);
  const consent = await apiJSON(customer, 'POST', `/api/management/organisation/${booked}/consents`, {
    kinds: ['agb', 'avv'],
    lang: 'en',
  });
  assert(consent.status === 200, `consent: ${consent.status}`);
  for (const pkg of ['trees-2500', 'gis', 'storage-10gb']) {
    const r = await apiJSON(customer, 'POST', `/api/management/organisation/${booked}/packages`, { package: pkg });
    assert(r.status === 201, `booking ${pkg}: ${r.status}`);
  }
  await createOrganisation(customer, `Stadt Eckernförde ${stamp}`);

  // The customer has no menu entry, and neither the overview nor the record.
  assert((await customer.locator('nav a[href="/support"]').count()) === 0, 'a customer sees the support menu');
  for (const path of ['/api/management/support/organisations', '/api/management/support/records']) {
    const r = await apiJSON(customer, 'GET', path);
    assert(r.status === 403, `${path} for a customer: ${r.status}`);
  }
  await goto(customer, '/support');
  await customer.getByTestId('support-forbidden').waitFor();

  // Support opens the overview from the menu and searches the customer's organisations.
  const { page } = await newSupportUser(browser, 'support');
  await page.locator('nav a[href="/support"]').click();
  await page.getByTestId('support-page').waitFor();
  await page.getByTestId('support-search').fill(stamp);
  await page.getByTestId('support-total').getByText('3 organisations').waitFor();
  const row = (id) => page.locator(`[data-testid="support-org"][data-id="${id}"]`);
  await row(ended).getByTestId('support-org-status').and(page.locator('[data-status="expired"]')).waitFor();
  await row(booked).getByTestId('support-org-status').and(page.locator('[data-status="booked"]')).waitFor();
  await row(booked).getByTestId('support-org-package').getByText('2,500 trees').waitFor();
  await row(booked).getByTestId('support-org-addon').getByText('GIS web service').waitFor();
  await row(booked).getByTestId('support-org-storage').getByText('0 MB / 20 GB').waitFor();
  await row(ended).getByTestId('support-org-trees').getByText('0 / 1,000').waitFor();
  assert((await row(booked).getByTestId('support-extend').count()) === 0, 'a booked demo offers an extension');

  // Screenshots: the overview, the extension modal and the record.
  await eachLook(page, async ({ name }) => {
    await page.getByTestId('support-tab-organisations').click();
    await row(ended).waitFor();
    await shot(page, `support-${name}`);
    await row(ended).getByTestId('support-extend').click();
    await page.getByTestId('extend-demo-modal').waitFor();
    await shot(page, `support-extend-${name}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByTestId('extend-demo-modal').waitFor({ state: 'detached' });
  });

  // Nothing is cut off but an administrator's long address (its full list is its tooltip).
  await noCutTexts(page, 'support overview', { ignore: '[data-testid="support-org-admins"]' });

  // The ended demo is extended by 30 days, after confirming: 0 and 91 days are not offered.
  await row(ended).getByTestId('support-extend').click();
  const days = page.getByTestId('extend-demo-days');
  for (const bad of ['0', '91']) {
    await days.fill(bad);
    assert(await page.getByTestId('extend-demo-confirm').isDisabled(), `${bad} days can be confirmed`);
  }
  await days.fill('30');
  await page.getByTestId('extend-demo-until').waitFor();
  await page.getByTestId('extend-demo-confirm').getByText('Extend by 30 days').click();
  await page.getByTestId('extend-demo-modal').waitFor({ state: 'detached' });
  await row(ended).getByTestId('support-org-status').and(page.locator('[data-status="demo"]')).waitFor();
  await row(ended).getByText('Demo – 30 days left').waitFor();

  // The support record of that organisation: one entry, the extension, by support.
  await row(ended).getByTestId('support-records-of').click();
  await page.getByTestId('support-records-filter').getByText(`Grünflächenamt Kiel ${stamp}`).waitFor();
  const record = page.getByTestId('support-record');
  await record.first().getByText('Extended the demo by 30 days', { exact: false }).waitFor();
  assert((await record.count()) === 1, `the extension left ${await record.count()} records`);
  assert((await record.first().getAttribute('data-action')) === 'extend demo', 'the record names the extension');
  await eachLook(page, async ({ name }) => {
    await record.first().waitFor();
    await shot(page, `support-records-${name}`);
  });

  // The customer can work again.
  const made = await apiJSON(customer, 'POST', `/api/management/organisation/${ended}/projects`, {
    name: 'Wieder offen',
  });
  assert(made.status === 201, `a project after the extension: ${made.status}`);
});
