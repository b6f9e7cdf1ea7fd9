// An organisation's administrator books a tree data package in the package booking modal: the
// packages page shows the usage and the price list from the server, the booking is confirmed by
// e-mail and its invoice (a PDF) is in the organisation's documents. Screenshots of the page and
// the modal in English and German, light and dark, desktop and phone.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  test,
  assert,
  shot,
  newOrganisation,
  endDemo,
  eachLook,
  createProject,
  goto,
  apiJSON,
  bookAfterDemo,
  OUTBOX,
  BASE,
} from '../lib.mjs';

async function bookingMail(to) {
  const deadline = Date.now() + 15000;
  while (Date.now() < deadline) {
    const files = OUTBOX ? (await readdir(OUTBOX).catch(() => [])).filter((f) => f.endsWith('.eml')) : [];
    for (const f of files) {
      const raw = await readFile(join(OUTBOX, f), 'utf8');
      if (raw.toLowerCase().includes(to.toLowerCase()) && raw.includes('booking at Arbor')) return raw;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no booking e-mail to ${to}`);
}

test('packages: an administrator books a package and finds the invoice in the documents', async (browser) => {
  const { page, email, orgId } = await newOrganisation(browser, 'packages', `Baumpflege ${Date.now().toString(36)}`);
  await goto(page, `/organisations/${orgId}/packages`);
  const pkgPage = page.getByTestId('packages-page');
  await pkgPage.waitFor();
  assert((await pkgPage.getAttribute('data-status')) === 'demo', 'a new organisation is in its demo');
  await page.getByTestId('tree-usage').getByText('0 of 1,000 trees', { exact: false }).waitFor();
  // Prices come from the server's price list.
  const list = await apiJSON(page, 'GET', `/api/management/organisation/${orgId}/packages`);
  const p1000 = list.json.packages.find((p) => p.id === 'trees-1000');
  assert(p1000.price_cents === 29000, `price ${p1000.price_cents}`);
  await page.getByTestId('package-trees-1000').getByTestId('package-price').getByText('€290').waitFor();
  await page.getByTestId('package-gis').getByText('plus set-up at €112.50 an hour').waitFor();

  // Screenshots: page and modal, EN/DE × light/dark × desktop/phone.
  await eachLook(page, async ({ name }) => {
    await page.getByTestId('package-trees-1000').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `packages-${name}`);
    await page.getByTestId('book-trees-2500').click();
    await page.getByTestId('booking-modal').waitFor();
    await shot(page, `packages-modal-${name}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByTestId('booking-modal').waitFor({ state: 'detached' });
  });

  // Booking: the modal shows net, VAT and gross; the answer names the invoice.
  await page.getByTestId('book-trees-1000').click();
  await page.getByTestId('booking-modal').waitFor();
  await page.getByTestId('booking-gross').getByText('€345.10').waitFor();
  // The organisation accepts the terms and the data processing agreement with its first booking.
  assert(await page.getByTestId('booking-confirm').isDisabled(), 'booking before accepting the terms');
  await page.getByTestId('booking-consent-agb').check();
  await page.getByTestId('booking-consent-avv').check();
  await page.getByTestId('booking-confirm').click();
  await page.getByTestId('booking-done').waitFor();
  await shot(page, 'packages-booked-en-light', { fullPage: false });
  await page.getByTestId('booking-done').getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('package-trees-1000').and(page.locator('[data-booked="true"]')).waitFor();
  assert((await pkgPage.getAttribute('data-status')) === 'booked', 'the organisation is booked');
  await page.getByTestId('organisation-status').getByText('Booked').waitFor();
  // A smaller package is no upgrade.
  assert(await page.getByTestId('book-trees-500').isDisabled(), 'a smaller package can still be booked');

  // The confirmation e-mail and the invoice in the documents.
  const mail = await bookingMail(email);
  assert(mail.includes('Tree data package 1,000 trees'), 'the e-mail names the package');
  await goto(page, `/organisations/${orgId}/documents`);
  const invoice = page.getByTestId('organisation-invoices').getByTestId('invoice').first();
  await invoice.waitFor();
  const number = await invoice.getAttribute('data-number');
  assert(/^\d{4}-\d{5}$/.test(number), `invoice number ${number}`);
  await invoice.getByText('€345.10').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), invoice.getByRole('link').click()]);
  assert(download.suggestedFilename() === `invoice-${number}.pdf`, download.suggestedFilename());
  const path = await download.path();
  const head = (await readFile(path)).subarray(0, 5).toString();
  assert(head === '%PDF-', `the invoice is no PDF: ${head}`);
  await shot(page, 'organisation-invoices-en-light');
  assert(BASE, 'base');
});

test('packages: the demo ends, the organisation is read-only, the expired modal offers a package', async (browser) => {
  const { page, orgId } = await newOrganisation(browser, 'demoend', `Stadtgrün ${Date.now().toString(36)}`);
  const projectId = await createProject(page, orgId, 'Alleen');
  await endDemo(orgId);
  await bookAfterDemo(page, {
    orgId,
    projectId,
    trees: 500,
    onModal: () => shot(page, 'demo-expired-modal-en-light', { fullPage: false }),
  });
  await goto(page, `/organisations/${orgId}/organisation`);
  await page.getByTestId('organisation-status').getByText('Booked').waitFor();
  assert((await page.getByTestId('demo-expired-modal').count()) === 0, 'the modal comes after booking');
});
