// Legal texts: the imprint and the terms open to everyone in the user's language (the operator's
// file over the marked sample), the organisation's documents page offers the terms and the data
// processing agreement as PDFs in English, German and French, and an administrator accepts both
// for the organisation, which then shows who accepted and when. Screenshots of the pages and the
// card in English and German, light and dark, desktop and phone.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  test,
  assert,
  shot,
  newPage,
  newUser,
  createOrganisation,
  goto,
  pickMenu,
  apiJSON,
  OUTBOX,
  BASE,
} from '../lib.mjs';

const SIZES = [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
];
const LOOKS = [
  ['en', 'light'],
  ['en', 'dark'],
  ['de', 'light'],
  ['de', 'dark'],
];

test("legal: the imprint and the terms in the guest's language, the operator's text over the sample", async (browser) => {
  // The operator's German imprint in the data folder (README.md "Legal texts"); English stays the sample.
  assert(OUTBOX, 'ARBOR_OUTBOX is not set (scripts/e2e.sh sets it)');
  const folder = join(dirname(OUTBOX), 'legal');
  await mkdir(folder, { recursive: true });
  const own = join(folder, 'imprint.de.md');
  await writeFile(
    own,
    '# Impressum\n\nStadt Flensburg\nTechnisches Betriebszentrum\n\n## Kontakt\n\n- E-Mail: [tbz@example.org](mailto:tbz@example.org)\n- <script>window.pwned = 1</script>\n',
  );
  try {
    const page = await newPage(browser);
    await goto(page, '/imprint');
    const imprint = page.getByTestId('legal-imprint');
    await imprint.and(page.locator('[data-state="ready"]')).waitFor();
    await page.getByRole('heading', { name: 'Imprint', level: 1 }).waitFor();
    assert((await imprint.getAttribute('data-sample')) === 'true', 'the English imprint is the sample');
    await page.getByTestId('legal-sample').waitFor();
    await page.getByText('SAMPLE — replace with your own text.').waitFor();

    await pickMenu(page, 'language-menu', 'language-de');
    await page.getByRole('heading', { name: 'Impressum', level: 1 }).waitFor();
    await imprint.and(page.locator('[data-sample="false"]')).waitFor();
    await page.getByText('Technisches Betriebszentrum').waitFor();
    // The operator's Markdown is text: its HTML shows as written and never runs.
    await page.getByText('<script>window.pwned = 1</script>').waitFor();
    assert((await page.evaluate(() => window.pwned)) === undefined, 'a script of the text ran');
    assert((await page.getByTestId('legal-sample').count()) === 0, "no sample badge over the operator's text");
    await page.getByRole('link', { name: 'tbz@example.org' }).waitFor();

    // The terms: the German sample, then everything in EN/DE × light/dark × desktop/phone.
    await goto(page, '/terms');
    await page.getByRole('heading', { name: 'Allgemeine Geschäftsbedingungen', level: 1 }).waitFor();
    for (const [lang, theme] of LOOKS) {
      await pickMenu(page, 'language-menu', `language-${lang}`);
      await pickMenu(page, 'theme-menu', `theme-${theme}`);
      for (const path of ['/imprint', '/terms']) {
        await goto(page, path);
        await page.locator('[data-state="ready"]').waitFor();
        for (const [device, size] of SIZES) {
          await page.setViewportSize(size);
          await shot(page, `legal${path.replace('/', '-')}-${lang}-${theme}-${device}`);
        }
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // An unknown language or text is refused, not an error of the server.
    for (const [path, status] of [
      ['/api/legal/pages/imprint/it', 400],
      ['/api/legal/pages/cookies/en', 404],
      ['/api/legal/pages/..%2F..%2Fsecret/en', 404],
    ]) {
      const r = await page.request.get(BASE + path);
      assert(r.status() === status, `${path}: ${r.status()}`);
    }
    await page.context().close();
  } finally {
    await rm(own, { force: true });
  }
});

test("legal: the documents page offers the terms and the DPA as PDFs and keeps the administrator's consent", async (browser) => {
  const { page, email } = await newUser(browser, 'legal');
  const orgId = await createOrganisation(page, `Grünflächenamt ${Date.now().toString(36)}`);
  await goto(page, `/organisations/${orgId}/documents`);
  const card = page.getByTestId('organisation-legal');
  await card.getByTestId('legal-documents').waitFor();
  for (const kind of ['terms', 'dpa']) {
    for (const lang of ['en', 'de', 'fr']) await card.getByTestId(`legal-download-${kind}-${lang}`).waitFor();
  }
  assert((await card.getByTestId('consent-missing').count()) === 2, 'nothing is accepted yet');

  // A PDF: the download and its answer (type, size, language).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByTestId('legal-download-dpa-de').click(),
  ]);
  assert(download.suggestedFilename() === 'dpa-de-sample.pdf', download.suggestedFilename());
  const bytes = await readFile(await download.path());
  assert(
    bytes.subarray(0, 5).toString() === '%PDF-' && bytes.length > 1000,
    `the DPA is no PDF (${bytes.length} bytes)`,
  );
  const r = await page.request.get(`${BASE}/api/legal/documents/terms/fr`);
  assert(r.headers()['content-type'] === 'application/pdf', r.headers()['content-type']);
  assert(r.headers()['content-language'] === 'fr', r.headers()['content-language']);
  assert(Number(r.headers()['content-length']) === (await r.body()).length, 'content-length');

  // Booking asks for the consent first: the server refuses without it.
  const refused = await apiJSON(page, 'POST', `/api/management/organisation/${orgId}/packages`, {
    package: 'trees-500',
  });
  assert(
    refused.status === 409 && refused.json.fields.agb && refused.json.fields.avv,
    `booking without consent: ${refused.status}`,
  );

  // Screenshots before the consent.
  for (const [lang, theme] of LOOKS) {
    await pickMenu(page, 'language-menu', `language-${lang}`);
    await pickMenu(page, 'theme-menu', `theme-${theme}`);
    for (const [device, size] of SIZES) {
      await page.setViewportSize(size);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `legal-documents-${lang}-${theme}-${device}`);
    }
  }
  await pickMenu(page, 'language-menu', 'language-en');
  await pickMenu(page, 'theme-menu', 'theme-light');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The administrator accepts both: the button waits for both boxes.
  const accept = card.getByTestId('consent-accept');
  assert(await accept.isDisabled(), 'accepting before ticking the boxes');
  await card.getByTestId('consent-check-agb').check();
  assert(await accept.isDisabled(), 'accepting with one box of two');
  await card.getByTestId('consent-check-avv').check();
  await accept.click();
  await card.getByTestId('consent-form').waitFor({ state: 'detached' });
  assert((await card.getByTestId('consent-given').count()) === 2, 'both accepted');
  await card
    .getByTestId('legal-document-terms')
    .getByText(/Accepted by Ada Baum on/)
    .waitFor();
  const consents = await apiJSON(page, 'GET', `/api/management/organisation/${orgId}/consents`);
  assert(consents.json.agb.email === email && consents.json.avv.email === email, 'who accepted');
  assert(Date.now() - Date.parse(consents.json.agb.at) < 5 * 60_000, `when: ${consents.json.agb.at}`);
  assert(consents.json.missing.length === 0, 'nothing missing');
  for (const [lang, theme] of [
    ['en', 'light'],
    ['de', 'dark'],
  ]) {
    await pickMenu(page, 'language-menu', `language-${lang}`);
    await pickMenu(page, 'theme-menu', `theme-${theme}`);
    for (const [device, size] of SIZES) {
      await page.setViewportSize(size);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `legal-documents-accepted-${lang}-${theme}-${device}`);
    }
  }
  await pickMenu(page, 'language-menu', 'language-en');
  await pickMenu(page, 'theme-menu', 'theme-light');

  // The operator replaces the DPA: the consent to the earlier text counts no more, the card says
  // so and asks again. Put back, the earlier consent counts again (other flows book after this).
  const dpa = join(dirname(OUTBOX), 'legal', 'dpa.en.pdf');
  await mkdir(dirname(dpa), { recursive: true });
  await writeFile(dpa, '%PDF-1.4\n% a new data processing agreement\n');
  try {
    await page.reload();
    await card.getByTestId('consent-changed').waitFor();
    assert((await card.getByTestId('consent-given').count()) === 1, 'the terms still accepted');
    await card.getByText(/accepted an earlier version on/).waitFor();
    await card.getByTestId('consent-check-avv').waitFor();
    const changed = await apiJSON(page, 'GET', `/api/management/organisation/${orgId}/consents`);
    assert(changed.json.missing.join() === 'avv', `missing after the DPA changed: ${changed.json.missing}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'legal-documents-changed-en-light-desktop');
    await pickMenu(page, 'language-menu', 'language-de');
    await pickMenu(page, 'theme-menu', 'theme-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByText(/einer früheren Fassung zugestimmt/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'legal-documents-changed-de-dark-phone');
    await pickMenu(page, 'language-menu', 'language-en');
    await pickMenu(page, 'theme-menu', 'theme-light');
    await page.setViewportSize({ width: 1440, height: 900 });
  } finally {
    await rm(dpa, { force: true });
  }
  await page.reload();
  await card.getByTestId('consent-given').nth(1).waitFor();

  // Now a package can be booked without being asked again.
  const booked = await apiJSON(page, 'POST', `/api/management/organisation/${orgId}/packages`, {
    package: 'trees-500',
  });
  assert(booked.status === 201, `booking after the consent: ${booked.status}`);
  await page.context().close();
});
