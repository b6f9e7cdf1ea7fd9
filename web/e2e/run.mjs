// End-to-end tests of the web app in Chromium (playwright-core, the system browser).
// ARBOR_URL: the running server; ARBOR_OUTBOX: the folder where it writes e-mails.
// Prints "N passed, M failed" as its last line and exits non-zero on any failure.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { waitForLink } from './mail.mjs';

const BASE = (process.env.ARBOR_URL || 'http://127.0.0.1:18080').replace(/\/$/, '');
const OUTBOX = process.env.ARBOR_OUTBOX || '';
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const ONLY = process.env.E2E_ONLY || '';
const PASSWORD = 'Green-Oak-2026!';
const TIMEOUT = 15000;

await mkdir(ARTIFACTS, { recursive: true });

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

function assert(cond, message) {
  if (!cond) throw new Error(message);
}

const uniqueEmail = (tag) =>
  `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;

async function newPage(browser, opts = {}) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    locale: 'en-US',
    colorScheme: 'light',
    ...opts,
  });
  context.setDefaultTimeout(TIMEOUT);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  page.errors = errors;
  return page;
}

async function shot(page, name, { fullPage = true } = {}) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts?.ready).catch(() => undefined);
  await page.waitForTimeout(250); // transitions
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage });
}

async function see(page, text, timeout = TIMEOUT) {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout });
}

async function waitPath(page, pathname, search) {
  await page.waitForURL((u) => u.pathname === pathname && (search === undefined || u.search.includes(search)), {
    timeout: TIMEOUT,
  });
}

async function titleIs(page, title) {
  await page
    .waitForFunction((t) => document.title === t, title, { timeout: 5000 })
    .catch(async () => {
      throw new Error(`title was "${await page.title()}", expected "${title}"`);
    });
}

async function goto(page, path) {
  await page.goto(BASE + path, { waitUntil: 'domcontentloaded' });
}

async function fill(page, name, value) {
  await page.locator(`input[name="${name}"]`).fill(value);
}

async function register(page, email, { lastName = 'Baum' } = {}) {
  await goto(page, '/register');
  await page.locator('input[name="firstName"]').waitFor();
  await fill(page, 'firstName', 'Ada');
  await fill(page, 'lastName', lastName);
  await fill(page, 'email', email);
  await fill(page, 'password', PASSWORD);
  await fill(page, 'passwordConfirm', PASSWORD);
  await page.locator('input[name="agb"]').check();
  const started = Date.now() - 1000;
  await page.getByTestId('register-submit').click();
  await page.getByTestId('register-success').waitFor();
  return started;
}

async function confirmFromOutbox(page, email, after) {
  const link = await waitForLink(OUTBOX, email, '/confirm', { after });
  await goto(page, link);
  await page.locator('[data-testid="confirm-result"][data-state="success"]').waitFor();
}

async function login(page, email, password = PASSWORD) {
  if (!new URL(page.url()).pathname.startsWith('/login')) await goto(page, '/login');
  await fill(page, 'email', email);
  await fill(page, 'password', password);
  await page.getByTestId('login-submit').click();
}

async function pickMenu(page, menu, item) {
  await page.getByTestId(menu).first().click();
  await page.getByTestId(item).click();
}

test('register, confirm, log in, German and dark mode, edit the profile, log out', async (browser) => {
  assert(OUTBOX, 'ARBOR_OUTBOX is not set');
  const page = await newPage(browser);
  const email = uniqueEmail('flow');

  // Guards: a guest is sent to the login page.
  await goto(page, '/user');
  await waitPath(page, '/login');
  await see(page, 'Welcome back');
  await titleIs(page, 'Login · Arbor');
  await shot(page, 'login-en-light');

  // Registration: client-side checks, then the real call.
  await goto(page, '/register');
  await page.locator('input[name="firstName"]').waitFor();
  await titleIs(page, 'Registration · Arbor');
  await fill(page, 'password', 'short');
  await fill(page, 'passwordConfirm', 'different');
  await page.getByTestId('register-submit').click();
  await see(page, 'Passwords must match');
  await see(page, 'Your password must be at least 8 characters long.');
  await see(page, 'Please accept the terms and conditions.');
  await fill(page, 'password', PASSWORD);
  const level = Number(await page.getByTestId('password-strength').getAttribute('data-level'));
  assert(level >= 5 && level <= 6, `strength level of a good password was ${level}`);
  await shot(page, 'register-en-light');
  const started = await register(page, email);
  await see(page, email);
  await shot(page, 'register-success-en-light');

  // Log-in before confirming.
  await goto(page, '/login');
  await login(page, email);
  await see(page, 'Please confirm your registration first!');
  await page.getByTestId('notification-bar').waitFor();
  await shot(page, 'login-not-confirmed-en-light');

  // Confirm through the e-mailed link, then log in.
  await confirmFromOutbox(page, email, started);
  await shot(page, 'confirm-en-light');
  await page.getByTestId('confirm-next').click();
  await waitPath(page, '/login');
  await login(page, email);
  await waitPath(page, '/');
  await see(page, 'Hello, Ada');
  await titleIs(page, 'Dashboard · Arbor');
  await shot(page, 'home-en-light');

  // A logged-in user is sent away from guest pages.
  await goto(page, '/login');
  await waitPath(page, '/');

  await goto(page, '/user');
  await page.getByTestId('profile-form').waitFor();
  await titleIs(page, 'Profile settings · Arbor');
  await shot(page, 'profile-en-light');

  for (const [path, title] of [
    ['/projects', 'Projects'],
    ['/projects/dashboard', 'Projects dashboard'],
    ['/projects/data', 'Project data'],
    ['/jobs', 'Jobs'],
    ['/jobs/dashboard', 'Jobs dashboard'],
    ['/jobs/data', 'Job data'],
    ['/organisations', 'Organisations'],
    ['/help', 'Help'],
  ]) {
    await goto(page, path);
    await page.waitForFunction((t) => document.title === `${t} · Arbor`, title);
    await shot(page, `page${path.replaceAll('/', '-')}-en-light`);
  }
  await see(page, 'support@arbor.example');

  // German, saved to the profile.
  await goto(page, '/');
  await see(page, 'Hello, Ada');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/management/user/user') && r.request().method() === 'PUT',
  );
  await pickMenu(page, 'language-menu', 'language-de');
  const savedResponse = await saved;
  assert(savedResponse.status() === 200, `saving the language answered ${savedResponse.status()}`);
  await see(page, 'Hallo, Ada');
  await see(page, 'Projekte');
  assert((await page.locator('html').getAttribute('lang')) === 'de', 'html lang is not de');

  // Dark mode.
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
  await shot(page, 'home-de-dark');

  // Edit the profile: the last name survives a reload, and so do language and colour scheme.
  await goto(page, '/user');
  await see(page, 'Persönliche Daten');
  await titleIs(page, 'Profileinstellungen · Arbor');
  await shot(page, 'profile-de-dark');
  await fill(page, 'lastName', 'Eiche');
  const put = page.waitForResponse(
    (r) => r.url().endsWith('/api/management/user/user') && r.request().method() === 'PUT',
  );
  await page.getByTestId('profile-save').click();
  const putResponse = await put;
  assert(putResponse.status() === 200, `saving the profile answered ${putResponse.status()}`);
  await see(page, 'Ihre Änderungen wurden gespeichert.');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByTestId('profile-form').waitFor();
  const lastName = await page.locator('input[name="lastName"]').inputValue();
  assert(lastName === 'Eiche', `last name after reload was ${lastName}`);
  await see(page, 'Profileinstellungen');
  assert(
    (await page.locator('html').getAttribute('data-mantine-color-scheme')) === 'dark',
    'dark mode was lost on reload',
  );

  // Wrong current password: the server's message shows, the session stays.
  await fill(page, 'oldPassword', 'not-my-password');
  await fill(page, 'newPassword', 'Another-Tree-2026');
  await fill(page, 'passwordConfirm', 'Another-Tree-2027');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await see(page, 'Passwörter müssen übereinstimmen');
  await fill(page, 'passwordConfirm', 'Another-Tree-2026');
  const pw = page.waitForResponse(
    (r) => r.url().endsWith('/api/management/user/password') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  const pwResponse = await pw;
  assert(
    pwResponse.status() >= 400 && pwResponse.status() < 500,
    `a wrong old password answered ${pwResponse.status()}`,
  );
  assert(pwResponse.status() !== 401, 'a wrong old password must not end the session (401)');
  await page.locator('[data-testid="notification-bar"], .mantine-InputWrapper-error').first().waitFor();
  assert(new URL(page.url()).pathname === '/user', 'left the profile page after a wrong old password');

  // The delete-account modal asks for the password (cancelled here).
  await page.getByTestId('delete-account').click();
  await page.getByTestId('delete-form').waitFor();
  await shot(page, 'profile-delete-modal-de-dark', { fullPage: false });
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await page.getByTestId('delete-form').waitFor({ state: 'detached' });

  // Log out.
  await pickMenu(page, 'user-menu', 'menu-logout');
  await waitPath(page, '/login', 'logout');
  await see(page, 'Sie wurden abgemeldet.');
  await shot(page, 'login-de-dark');
  await goto(page, '/register');
  await see(page, 'Konto erstellen');
  await shot(page, 'register-de-dark');

  // The session is gone.
  await goto(page, '/user');
  await waitPath(page, '/login');

  // Log in again: German comes from the profile even on a fresh device (a phone here).
  const fresh = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await goto(fresh, '/login');
  await see(fresh, 'Welcome back');
  await login(fresh, email);
  await waitPath(fresh, '/');
  await see(fresh, 'Hallo, Ada');
  await shot(fresh, 'home-mobile-de-light');
  await fresh.getByRole('button', { name: 'Navigation ein- oder ausblenden' }).click();
  await fresh.getByRole('link', { name: 'Organisationen' }).click();
  await waitPath(fresh, '/organisations');
  await see(fresh, 'Noch keine Organisationen');
  await shot(fresh, 'organisations-mobile-de-light');
  await fresh.context().close();

  assert(page.errors.length === 0, `page errors: ${page.errors.map((e) => e.message).join('; ')}`);
  await page.context().close();
});

test('reset the password through the e-mailed link', async (browser) => {
  assert(OUTBOX, 'ARBOR_OUTBOX is not set');
  const page = await newPage(browser);
  const email = uniqueEmail('reset');
  const started = await register(page, email);
  await confirmFromOutbox(page, email, started);

  await goto(page, '/reset-password');
  await see(page, 'Your email address seems to have gotten lost!');
  await shot(page, 'reset-password-missing-email-en-light');

  await goto(page, '/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await waitPath(page, '/reset');
  await titleIs(page, 'Reset password · Arbor');
  await shot(page, 'reset-en-light');
  await fill(page, 'email', email);
  const requested = Date.now() - 1000;
  await page.getByTestId('reset-submit').click();
  await see(page, 'An e-mail to reset your password has been sent.');
  await shot(page, 'reset-sent-en-light');

  const link = await waitForLink(OUTBOX, email, '/reset-password', { after: requested });
  await goto(page, link);
  await page.locator('input[name="password"]').waitFor();
  await titleIs(page, 'New password · Arbor');
  await fill(page, 'password', 'Brand-New-Birch-7');
  await fill(page, 'passwordConfirm', 'Brand-New-Birch-8');
  await page.getByTestId('reset-password-submit').click();
  await see(page, 'Passwords must match');
  await fill(page, 'passwordConfirm', 'Brand-New-Birch-7');
  await shot(page, 'reset-password-en-light');
  await page.getByTestId('reset-password-submit').click();
  await see(page, 'Your password has been successfully reset.');
  await shot(page, 'reset-password-done-en-light');

  // The old password no longer works, the new one does.
  await goto(page, '/login');
  await login(page, email, PASSWORD);
  await see(page, 'Login failed. Please check your email address and password.');
  await login(page, email, 'Brand-New-Birch-7');
  await waitPath(page, '/');
  await see(page, 'Hello, Ada');

  // Delete the account: the modal asks for the password; afterwards the log-in fails.
  await goto(page, '/user');
  await page.getByTestId('delete-account').click();
  await fill(page, 'password', 'Brand-New-Birch-7');
  await page.getByTestId('delete-confirm').click();
  await waitPath(page, '/login', 'logout');
  await see(page, 'You have been logged out.');
  // The modal fades out after the navigation; its password field must be gone before logging in.
  await page.getByTestId('delete-form').waitFor({ state: 'detached' });
  await login(page, email, 'Brand-New-Birch-7');
  await see(page, 'Login failed. Please check your email address and password.');

  assert(page.errors.length === 0, `page errors: ${page.errors.map((e) => e.message).join('; ')}`);
  await page.context().close();
});

test('an untrusted session token logs out and shows the logout notice', async (browser) => {
  assert(OUTBOX, 'ARBOR_OUTBOX is not set');
  const page = await newPage(browser);
  const email = uniqueEmail('token');
  const started = await register(page, email);
  await confirmFromOutbox(page, email, started);
  await goto(page, '/login');
  await login(page, email);
  await waitPath(page, '/');
  await see(page, 'Hello, Ada');

  // A call with a token the server cannot trust: logout, cache cleared, login page with the flag.
  const ctx = page.context();
  const spoil = async () => {
    const cookies = await ctx.cookies(BASE);
    const session = cookies.find((c) => c.name === 'arbor_session');
    assert(session, `no arbor_session cookie after login (cookies: ${cookies.map((c) => c.name).join(', ')})`);
    await ctx.addCookies([{ ...session, value: session.value.slice(0, -6) + 'AAAAAA' }]);
  };
  await spoil();
  const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout') && r.method() === 'POST');
  await pickMenu(page, 'language-menu', 'language-fr');
  await logout;
  await waitPath(page, '/login', 'logout');
  await see(page, 'Vous avez été déconnecté.');
  await shot(page, 'login-untrusted-fr-light');

  // The same on start: the session probe meets a spoiled token.
  await pickMenu(page, 'language-menu', 'language-en');
  await login(page, email);
  await waitPath(page, '/');
  await spoil();
  await page.reload({ waitUntil: 'domcontentloaded' });
  await waitPath(page, '/login', 'logout');
  await see(page, 'You have been logged out.');

  assert(page.errors.length === 0, `page errors: ${page.errors.map((e) => e.message).join('; ')}`);
  await ctx.close();
});

// The server's side of the notice (ARBOR_NOTICE → /api/health) is tested in Go; here the
// health answer is replaced so the page's slot for it is tested on every run.
test('the system-disruption notice shows on login and register', async (browser) => {
  const page = await newPage(browser);
  const notice = 'Maintenance tonight from 22:00 to 23:00.';
  await page.route('**/api/health', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 'ok', notice }) }),
  );
  for (const path of ['/login', '/register']) {
    await goto(page, path);
    await page.getByTestId('system-notice').waitFor();
    await see(page, notice);
    await shot(page, `notice${path.replace('/', '-')}-en-light`);
  }
  await page.context().close();
});

test('unknown routes show the 404 page; legal pages are open to everyone', async (browser) => {
  const page = await newPage(browser);
  await goto(page, '/no/such/page');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await titleIs(page, 'Page not found · Arbor');
  await shot(page, 'not-found-en-light');
  await page.getByRole('link', { name: 'Back to the start page' }).click();
  await waitPath(page, '/login');

  for (const [path, title] of [
    ['/imprint', 'Imprint'],
    ['/privacy', 'Privacy policy'],
    ['/terms', 'Terms and conditions'],
  ]) {
    await goto(page, path);
    await page.getByRole('heading', { name: title }).waitFor();
    await shot(page, `legal${path.replace('/', '-')}-en-light`);
  }

  // Mobile width, dark system preference.
  const mobile = await newPage(browser, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  await goto(mobile, '/login');
  await see(mobile, 'Welcome back');
  await mobile.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
  await shot(mobile, 'login-mobile-en-dark');
  await mobile.context().close();

  assert(page.errors.length === 0, `page errors: ${page.errors.map((e) => e.message).join('; ')}`);
  await page.context().close();
});

// --- Organisations and projects -------------------------------------------------------------

/** Registers, confirms and logs in a new account in a fresh browser context. */
async function newUser(browser, tag, { lastName = 'Baum', ...opts } = {}) {
  const page = await newPage(browser, opts);
  const email = uniqueEmail(tag);
  const started = await register(page, email, { lastName });
  await confirmFromOutbox(page, email, started);
  await goto(page, '/login');
  await login(page, email);
  await waitPath(page, '/');
  return { page, email };
}

/** Picks an option of a Mantine Select by its label. */
async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function createOrganisation(page, name) {
  await goto(page, '/organisations');
  await page.getByTestId('add-organisation').first().click();
  await fill(page, 'name', name);
  await fill(page, 'zip', '123');
  await page.getByTestId('add-organisation-submit').click();
  await see(page, 'Please enter a postal code of 4 or 5 digits.');
  await fill(page, 'zip', '24937');
  await fill(page, 'city', 'Flensburg');
  await fill(page, 'street', 'Rathausplatz');
  await fill(page, 'number', '1');
  await page.getByTestId('add-organisation-submit').click();
  await page.waitForURL((u) => /^\/organisations\/[0-9a-f-]{36}\/organisation$/.test(u.pathname));
  await page.getByTestId('organisation-form').waitFor();
  return new URL(page.url()).pathname.split('/')[2];
}

/** The status of a direct API call made by the page itself, with the CSRF header from the cookie. */
async function apiStatus(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const pair = document.cookie.split('; ').find((c) => c.startsWith('arbor_csrf='));
      const csrf = pair ? decodeURIComponent(pair.slice('arbor_csrf='.length)) : '';
      const r = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return r.status;
    },
    { method, path, body },
  );
}

/** Screenshots of the pages in `views` ([name, path, testid to wait for]). */
async function shootViews(page, views, suffix) {
  for (const [name, path, marker] of views) {
    await goto(page, path);
    await page.getByTestId(marker).first().waitFor();
    await page
      .locator('[data-testid="loading"]')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await shot(page, `${name}-${suffix}`);
  }
}

test('organisations and projects: create, share as View, the reader sees it read-only', async (browser) => {
  assert(OUTBOX, 'ARBOR_OUTBOX is not set');
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
  await see(page, 'The project has been shared.');
  await page.locator(`[data-testid="member-row"][data-email="${reader.email.toLowerCase()}"]`).waitFor();
  await page.locator(`[data-testid="member-row"][data-pending="true"]`).getByText('Invitation pending').waitFor();
  // Sharing again with the same address is refused, naming it.
  await page.getByTestId('share-project').click();
  await fill(page, 'emails', reader.email);
  await page.getByTestId('share-submit').click();
  await see(page, `already shared with`);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByTestId('share-form').waitFor({ state: 'detached' });

  // The assignments table shows both, the invitation with its badge.
  await goto(page, `/organisations/${orgId}/projects`);
  await page.getByTestId('assignments-table').waitFor();
  await page.getByTestId('assignments-table').getByText('Invitation pending').waitFor();
  await page.getByTestId('assignments-table').getByText('View').first().waitFor();

  // Screenshots of every new page, English light and German dark.
  const views = [
    ['home-projects', '/', 'recent-project-list'],
    ['organisations', '/organisations', 'organisation-list'],
    ['organisation', `/organisations/${orgId}/organisation`, 'administrators'],
    ['organisation-projects', `/organisations/${orgId}/projects`, 'assignments-table'],
    ['organisation-documents', `/organisations/${orgId}/documents`, 'coming-soon'],
    ['organisation-lists', `/organisations/${orgId}/lists`, 'value-lists'],
    ['organisation-packages', `/organisations/${orgId}/packages`, 'coming-soon'],
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

  // The reader: the project is on the home page; it opens read-only.
  const r = reader.page;
  await r.reload({ waitUntil: 'domcontentloaded' });
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

  assert(page.errors.length === 0, `page errors: ${page.errors.map((e) => e.message).join('; ')}`);
  assert(r.errors.length === 0, `reader page errors: ${r.errors.map((e) => e.message).join('; ')}`);
  await r.context().close();
  await page.context().close();
});

test('organisation administrators and cancelling the organisation', async (browser) => {
  assert(OUTBOX, 'ARBOR_OUTBOX is not set');
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
  // No account: refused, naming the address.
  const nobody = uniqueEmail('nobody');
  await fill(page, 'emails', nobody);
  await page.getByTestId('add-admin-submit').click();
  await see(page, `There is no account for ${nobody}.`);
  // Both at once are added.
  await fill(page, 'emails', other.email);
  await page.getByTestId('add-admin-submit').click();
  await see(page, 'The administrator has been added.');
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
  assert(page.errors.length === 0, `page errors: ${page.errors.map((e) => e.message).join('; ')}`);
  await other.page.context().close();
  await page.context().close();
});

/** Creates a project in the organisation from its projects tab; answers the project's id. */
async function createProject(page, orgId, name) {
  await goto(page, `/organisations/${orgId}/projects`);
  await page.getByTestId('create-project').click();
  await fill(page, 'name', name);
  await page.getByTestId('create-project-submit').click();
  await page.waitForURL((u) => /^\/projects\/[0-9a-f-]{36}$/.test(u.pathname));
  await page.getByTestId('project-page').waitFor();
  return new URL(page.url()).pathname.split('/')[2];
}

/** Clicks Save of a settings part and answers the PUT's request body and answer. */
async function saveSettings(page, projectId) {
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/management/project/${projectId}/settings`) && r.request().method() === 'PUT',
  );
  await page.getByTestId('settings-save').click();
  const res = await saved;
  assert(res.status() === 200, `saving the settings answered ${res.status()}: ${await res.text()}`);
  await see(page, 'The settings have been saved.');
  return { sent: res.request().postDataJSON(), answer: await res.json() };
}

test('project settings: custom fields, required fields, intervals and basemaps', async (browser) => {
  assert(OUTBOX, 'ARBOR_OUTBOX is not set');
  const { page } = await newUser(browser, 'settings');
  const orgId = await createOrganisation(page, `Baumamt ${Date.now().toString(36)}`);
  const projectId = await createProject(page, orgId, 'Alleen');
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
  await page.getByTestId('basemap-submit').click();
  await page.getByTestId('basemap-form').waitFor({ state: 'detached' });
  await page
    .locator('[data-testid="basemap-row"][data-name="Luftbild"]')
    .getByTestId('basemap-password-kept')
    .waitFor();
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
  await page.getByTestId('basemap-submit').click();
  await page.getByTestId('basemap-form').waitFor({ state: 'detached' });
  await page
    .locator('[data-testid="basemap-row"][data-name="Luftbild 2025"]')
    .getByTestId('basemap-password-kept')
    .waitFor();

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

  assert(page.errors.length === 0, `page errors: ${page.errors.map((e) => e.message).join('; ')}`);
  await page.context().close();
});

test('project general settings: a save over a change made elsewhere shows the stale alert and reloads', async (browser) => {
  assert(OUTBOX, 'ARBOR_OUTBOX is not set');
  const { page, email } = await newUser(browser, 'stale');
  const orgId = await createOrganisation(page, `Forstamt ${Date.now().toString(36)}`);
  const projectId = await createProject(page, orgId, 'Lindenallee');
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

  assert(page.errors.length === 0, `page errors: ${page.errors.map((e) => e.message).join('; ')}`);
  assert(other.errors.length === 0, `page errors: ${other.errors.map((e) => e.message).join('; ')}`);
  await other.context().close();
  await page.context().close();
});

test('value lists', async (browser) => {
  assert(OUTBOX, 'ARBOR_OUTBOX is not set');
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
    .setInputFiles(fileURLToPath(new URL('./fixtures/species.xlsx', import.meta.url)));
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
  assert(page.errors.length === 0, `page errors: ${page.errors.map((e) => e.message).join('; ')}`);
  await page.context().close();
});

/** A JSON API call made by the page itself (cookies and CSRF header): status and body. */
async function apiJSON(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const pair = document.cookie.split('; ').find((c) => c.startsWith('arbor_csrf='));
      const csrf = pair ? decodeURIComponent(pair.slice('arbor_csrf='.length)) : '';
      const r = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      let json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      return { status: r.status, json };
    },
    { method, path, body },
  );
}

/** Waits until the map has loaded and its tiles are drawn. */
async function mapReady(page) {
  await page.waitForFunction(() => window.__map?.loaded() && window.__map.areTilesLoaded(), null, { timeout: 20000 });
}

/** The tile feature ids of the trees the map draws now. */
async function renderedTrees(page) {
  return page.evaluate(() =>
    [...new Set(window.__map.queryRenderedFeatures({ layers: ['trees'] }).map((f) => f.id))].sort((a, b) => a - b),
  );
}

async function waitTreeCount(page, n) {
  await page
    .waitForFunction(
      (n) =>
        window.__map?.loaded() &&
        new Set(window.__map.queryRenderedFeatures({ layers: ['trees'] }).map((f) => f.id)).size === n,
      n,
      { timeout: 20000 },
    )
    .catch(async () => {
      throw new Error(`the map draws trees ${JSON.stringify(await renderedTrees(page))}, expected ${n}`);
    });
}

/** The page pixel of a longitude/latitude on the map. */
async function mapPixel(page, lngLat) {
  const box = await page.getByTestId('map-canvas').boundingBox();
  const p = await page.evaluate((ll) => window.__map.project(ll), lngLat);
  return { x: box.x + p.x, y: box.y + p.y };
}

test('map: trees from tiles, themes and legend, draw, undo, redo, polygon selection, bad geometry', async (browser) => {
  assert(OUTBOX, 'ARBOR_OUTBOX is not set');
  const { page } = await newUser(browser, 'map');
  const orgId = await createOrganisation(page, `Grünflächenamt ${Date.now().toString(36)}`);
  const projectId = await createProject(page, orgId, 'Stadtpark');
  const q = `?project=${projectId}`;

  // Three trees and a group through the API; A and B close together, C further east.
  const A = [9.43, 54.78];
  const B = [9.4306, 54.7803];
  const C = [9.4332, 54.7811];
  for (const [i, [lon, lat], vitality] of [
    [1, A, 0],
    [2, B, 2],
    [3, C, 3],
  ]) {
    const r = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
      geom: { type: 'Point', coordinates: [lon, lat] },
      number: i,
      vitality,
    });
    assert(r.status === 201, `creating tree ${i} answered ${r.status}: ${JSON.stringify(r.json)}`);
  }
  const group = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
    geom: {
      type: 'Polygon',
      coordinates: [
        [
          [9.4312, 54.7794],
          [9.4326, 54.7794],
          [9.4326, 54.7802],
          [9.4312, 54.7802],
          [9.4312, 54.7794],
        ],
      ],
    },
    number: 10,
    tree_count: 14,
    vitality: 1,
  });
  assert(group.status === 201, `creating the group answered ${group.status}: ${JSON.stringify(group.json)}`);

  // The project page links to the map; the map shows the trees from the vector tiles.
  await page.getByTestId('project-map').click();
  await waitPath(page, `/projects/${projectId}/map`);
  await page.getByTestId('map-panel').waitFor();
  await mapReady(page);
  await waitTreeCount(page, 3);
  const groups = await page.evaluate(() => window.__map.queryRenderedFeatures({ layers: ['groups-fill'] }).length);
  assert(groups >= 1, 'the group is not drawn');
  // The style came from the server; MapLibre loaded its sources from the TileJSON.
  const src = await page.evaluate(() => window.__map.getStyle().sources.trees.url);
  assert(src.includes(`/api/tiles/${projectId}/trees.json`), `trees source ${src}`);

  // The view fitted to the project's trees, to come back to.
  const fitted = await page.evaluate(() => ({
    center: window.__map.getCenter().toArray(),
    zoom: window.__map.getZoom(),
  }));

  // Below zoom 14 the trees come as a grid of counts.
  await page.evaluate(() => window.__map.jumpTo({ zoom: 12.5 }));
  await mapReady(page);
  await page.waitForFunction(
    () => window.__map.queryRenderedFeatures({ layers: ['trees-grid'] }).some((f) => f.properties.count >= 1),
    null,
    { timeout: 10000 },
  );
  assert(
    (await page.evaluate(() => window.__map.queryRenderedFeatures({ layers: ['trees'] }).length)) === 0,
    'single trees are drawn below zoom 14',
  );

  // Tree numbers from zoom 17.
  await page.evaluate(() => window.__map.jumpTo({ zoom: 17.6 }));
  await mapReady(page);
  await page
    .waitForFunction(() => window.__map.queryRenderedFeatures({ layers: ['trees-label'] }).length >= 2, null, {
      timeout: 10000,
    })
    .catch(async () => {
      const info = await page.evaluate(() => ({
        zoom: window.__map.getZoom(),
        labels: window.__map.queryRenderedFeatures({ layers: ['trees-label'] }).length,
      }));
      throw new Error(`tree numbers are not drawn: ${JSON.stringify(info)}`);
    });
  await shot(page, 'map-labels-en-light', { fullPage: false });
  await page.evaluate((v) => window.__map.jumpTo(v), fitted);
  await mapReady(page);

  // The legend is the style's: safety first, then vitality after a theme switch.
  const legend = page.getByTestId('map-legend');
  await legend.waitFor();
  assert((await legend.getAttribute('data-theme')) === 'safety', 'the first theme is not safety');
  await see(page, 'Not safe');
  const safetyEntries = await page.getByTestId('map-legend-entry').allTextContents();
  await page.getByTestId('map-settings').click();
  await choose(page, 'map-theme', 'Vitality');
  await page.locator('[data-testid="map-legend"][data-theme="vitality"]').waitFor();
  const vitalityEntries = await page.getByTestId('map-legend-entry').allTextContents();
  assert(
    vitalityEntries.join() === 'Vital,Slightly weakened,Severely weakened,Dying,Dead',
    `vitality legend ${vitalityEntries.join()}`,
  );
  assert(safetyEntries.join() !== vitalityEntries.join(), 'the legend did not change with the theme');
  // The map's colours changed with it: the colour expression now reads vitality.
  const paint = await page.evaluate(() => JSON.stringify(window.__map.getPaintProperty('trees', 'circle-color')));
  assert(paint.includes('vitality'), `tree colours ${paint}`);
  await page.keyboard.press('Escape');
  await page
    .getByTestId('map-settings-panel')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
  await mapReady(page);
  await shot(page, 'map-en-light', { fullPage: false });

  // Draw a tree west of A: saved, drawn, there after a reload.
  const D = [9.4291, 54.7806];
  await page.getByTestId('map-tool-tree').click();
  await page.getByTestId('map-hint').waitFor();
  const created = page.waitForResponse(
    (r) => r.url().includes('/api/content/tree?') && r.request().method() === 'POST',
  );
  const dPx = await mapPixel(page, D);
  await page.mouse.click(dPx.x, dPx.y);
  const createdRes = await created;
  assert(createdRes.status() === 201, `saving the drawn tree answered ${createdRes.status()}`);
  const drawnId = (await createdRes.json()).id;
  await see(page, 'The tree has been saved.');
  await waitTreeCount(page, 4);
  assert(
    (await apiJSON(page, 'GET', `/api/content/tree/${drawnId}${q}`)).status === 200,
    'the drawn tree is not saved',
  );

  // Undo deletes it, redo brings it back with the same id.
  await page.getByTestId('map-undo').click();
  await waitTreeCount(page, 3);
  assert((await apiJSON(page, 'GET', `/api/content/tree/${drawnId}${q}`)).status === 404, 'undo left the tree');
  await page.getByTestId('map-redo').click();
  await waitTreeCount(page, 4);
  assert(
    (await apiJSON(page, 'GET', `/api/content/tree/${drawnId}${q}`)).status === 200,
    'redo did not restore the tree',
  );

  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByTestId('map-panel').waitFor();
  await mapReady(page);
  await waitTreeCount(page, 4);
  // The display settings were remembered.
  assert(
    (await page.getByTestId('map-legend').getAttribute('data-theme')) === 'vitality',
    'the theme was not remembered',
  );

  // A polygon around A and B selects exactly those two.
  await page.getByTestId('map-tool-select').click();
  const a = await mapPixel(page, A);
  const b = await mapPixel(page, B);
  const [x0, x1] = [Math.min(a.x, b.x) - 25, Math.max(a.x, b.x) + 25];
  const [y0, y1] = [Math.min(a.y, b.y) - 25, Math.max(a.y, b.y) + 25];
  for (const [x, y] of [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ]) {
    await page.mouse.click(x, y);
    await page.waitForTimeout(120);
  }
  await page.mouse.click(x0, y1);
  const selection = page.getByTestId('map-selection');
  await selection.waitFor();
  await see(page, '2 selected');
  assert((await selection.getAttribute('data-count')) === '2', 'the selection is not 2 trees');
  await shot(page, 'map-selection-en-light', { fullPage: false });
  await page.getByTestId('map-selection-clear').click();

  // Bad input: a self-intersecting group shows a message on the map and saves nothing.
  let posts = 0;
  const countPosts = (r) => {
    if (r.url().includes('/api/content/tree?') && r.method() === 'POST') posts++;
  };
  page.on('request', countPosts);
  await page.getByTestId('map-tool-group').click();
  const box = await page.getByTestId('map-canvas').boundingBox();
  const cx = box.x + box.width * 0.5;
  const cy = box.y + box.height * 0.78;
  for (const [x, y] of [
    [cx - 60, cy - 40],
    [cx + 60, cy + 40],
    [cx + 60, cy - 40],
    [cx - 60, cy + 40],
  ]) {
    await page.mouse.click(x, y);
    await page.waitForTimeout(120);
  }
  await page.mouse.click(cx - 60, cy + 40);
  await page.locator('[data-testid="map-message"][data-color="red"]').waitFor();
  await see(page, 'The polygon intersects itself. Nothing was saved.');
  await page.waitForTimeout(300);
  page.off('request', countPosts);
  assert(posts === 0, `a self-intersecting polygon was sent ${posts} times`);
  await shot(page, 'map-invalid-polygon-en-light', { fullPage: false });

  // A new group: its area shows while drawing, then it is saved.
  await page.getByTestId('map-tool-group').click();
  for (const [x, y] of [
    [cx - 70, cy - 35],
    [cx + 70, cy - 35],
    [cx + 70, cy + 35],
  ]) {
    await page.mouse.click(x, y);
    await page.waitForTimeout(120);
  }
  await page.mouse.move(cx - 70, cy + 30, { steps: 4 });
  await page.getByTestId('map-area').waitFor();
  const areaText = await page.getByTestId('map-area').textContent();
  assert(/Area [\d,.]+ (m²|ha)/.test(areaText), `live area ${areaText}`);
  await shot(page, 'map-group-area-en-light', { fullPage: false });
  const groupSaved = page.waitForResponse(
    (r) => r.url().includes('/api/content/tree?') && r.request().method() === 'POST',
  );
  await page.mouse.click(cx - 70, cy + 35);
  await page.waitForTimeout(120);
  await page.mouse.click(cx - 70, cy + 35);
  const groupRes = await groupSaved;
  assert(groupRes.status() === 201, `saving the drawn group answered ${groupRes.status()}: ${await groupRes.text()}`);
  await see(page, 'The group has been saved.');

  // A point work inside the first group; undo removes it again.
  await page.getByTestId('map-tool-work').click();
  await page.getByTestId('map-work-entry').waitFor();
  const workSaved = page.waitForResponse(
    (r) => r.url().includes('/api/content/action?') && r.request().method() === 'POST',
  );
  const inGroup = await mapPixel(page, [9.4322, 54.7799]);
  await page.mouse.click(inGroup.x, inGroup.y);
  const workRes = await workSaved;
  assert(workRes.status() === 201, `saving the work answered ${workRes.status()}: ${await workRes.text()}`);
  await see(page, 'The work has been saved.');
  await page.waitForFunction(() => window.__map.queryRenderedFeatures({ layers: ['works'] }).length >= 1, null, {
    timeout: 15000,
  });
  const workDeleted = page.waitForResponse(
    (r) => r.url().includes('/api/content/action/') && r.request().method() === 'DELETE',
  );
  await page.getByTestId('map-undo').click();
  assert((await workDeleted).status() === 204, 'undoing the work did not delete it');

  // Move a tree: edit mode, pick tree A, drag it; undo puts it back.
  await page.getByTestId('map-tool-edit').click();
  const aPx = await mapPixel(page, A);
  await page.mouse.click(aPx.x, aPx.y);
  await page.waitForFunction(
    () => window.__map.getSource('mapbox-gl-draw-hot') || window.__map.getSource('mapbox-gl-draw-cold'),
  );
  await page.waitForTimeout(400);
  const moved = page.waitForResponse((r) => r.url().includes('/api/content/tree/') && r.request().method() === 'PUT');
  await page.mouse.move(aPx.x, aPx.y);
  await page.mouse.down();
  await page.mouse.move(aPx.x + 30, aPx.y + 20, { steps: 6 });
  await page.mouse.up();
  const movedRes = await moved;
  assert(movedRes.status() === 200, `moving the tree answered ${movedRes.status()}: ${await movedRes.text()}`);
  const movedTo = (await movedRes.json()).geom.coordinates;
  assert(Math.abs(movedTo[0] - A[0]) > 1e-5, `the tree did not move: ${movedTo}`);
  await see(page, 'The new position has been saved.');
  const movedBack = page.waitForResponse(
    (r) => r.url().includes('/api/content/tree/') && r.request().method() === 'PUT',
  );
  await page.getByTestId('map-undo').click();
  const backTo = (await (await movedBack).json()).geom.coordinates;
  assert(Math.abs(backTo[0] - A[0]) < 1e-7 && Math.abs(backTo[1] - A[1]) < 1e-7, `undo moved the tree to ${backTo}`);
  await page.getByTestId('map-tool-browse').click();

  // Clicking a tree opens it (?tree=<uuid>).
  await mapReady(page);
  assert(!new URL(page.url()).search.includes('tree='), `a tree is open already: ${page.url()}`);
  const cPx = await mapPixel(page, C);
  const atC = await page.evaluate(([lon, lat]) => {
    const p = window.__map.project([lon, lat]);
    return window.__map
      .queryRenderedFeatures(
        [
          [p.x - 5, p.y - 5],
          [p.x + 5, p.y + 5],
        ],
        {},
      )
      .map((f) => `${f.layer.id}:${f.id}`);
  }, C);
  await page.mouse.click(cPx.x, cPx.y);
  await page.waitForURL((u) => /tree=[0-9a-f-]{36}/.test(u.search));
  const card = page.getByTestId('map-tree-card');
  await card.waitFor();
  await page
    .getByTestId('map-tree-number')
    .getByText('No. 3')
    .waitFor()
    .catch(async () => {
      throw new Error(`clicking tree C at ${JSON.stringify(cPx)} (${atC.join()}) opened ${await card.textContent()}`);
    });

  // German and dark: the legend in German from the dark style.
  await pickMenu(page, 'language-menu', 'language-de');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.locator('[data-testid="map-panel"][data-scheme="dark"]').waitFor();
  await see(page, 'Stark geschwächt');
  await page.waitForFunction(
    () => window.__map.getPaintProperty('background', 'background-color') !== '#eef1ec',
    null,
    { timeout: 10000 },
  );
  await mapReady(page);
  await shot(page, 'map-de-dark', { fullPage: false });
  await page.getByTestId('map-settings').click();
  await choose(page, 'map-theme', 'Verkehrssicherheit');
  await page.locator('[data-testid="map-legend"][data-theme="safety"]').waitFor();
  await see(page, 'Nicht verkehrssicher');
  await page.keyboard.press('Escape');
  await mapReady(page);
  await shot(page, 'map-safety-de-dark', { fullPage: false });

  // The project's basemap (XYZ) lies under the data; "none" gives the plain background again.
  await page.context().route('https://tiles.example.test/**', (route) =>
    route.fulfill({
      contentType: 'image/png',
      body: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO4++wqVsQwtCQA3oimAUiwzqIAAAAASUVORK5CYII=',
        'base64',
      ),
    }),
  );
  const bm = await apiJSON(page, 'POST', `/api/management/project/${projectId}/basemaps`, {
    name: 'Stadtplan',
    type: 'xyz',
    url: 'https://tiles.example.test/{z}/{x}/{y}.png',
  });
  assert(bm.status === 201, `adding a basemap answered ${bm.status}: ${JSON.stringify(bm.json)}`);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByTestId('map-panel').waitFor();
  await page.waitForFunction(() => window.__map?.getStyle().layers[1]?.id === 'basemap', null, { timeout: 15000 });
  await mapReady(page);
  await waitTreeCount(page, 4);
  await page.getByTestId('map-settings').click();
  await choose(page, 'map-basemap', 'Keine (schlichter Hintergrund)');
  await page.waitForFunction(() => !window.__map.getLayer('basemap'));
  await page.keyboard.press('Escape');

  // Locate me: the map flies to the browser's position.
  await page.context().grantPermissions(['geolocation'], { origin: BASE });
  await page.context().setGeolocation({ latitude: 54.79, longitude: 9.44 });
  await page.getByTestId('map-locate').click();
  await page.waitForFunction(
    () => {
      const c = window.__map.getCenter();
      return Math.abs(c.lng - 9.44) < 1e-4 && Math.abs(c.lat - 54.79) < 1e-4 && !window.__map.isMoving();
    },
    null,
    { timeout: 15000 },
  );

  assert(page.errors.length === 0, `page errors: ${page.errors.map((e) => e.message).join('; ')}`);
  await page.context().close();
});

test('help links to the API reference, which lists the calls', async (browser) => {
  assert(OUTBOX, 'ARBOR_OUTBOX is not set');
  const page = await newPage(browser);
  const email = uniqueEmail('apiref');
  const started = await register(page, email);
  await confirmFromOutbox(page, email, started);
  await login(page, email);
  await waitPath(page, '/');

  await goto(page, '/help');
  // The rules of the core record are explained where people look for them.
  await page.getByTestId('help-rules').waitFor();
  await see(page, 'An open detailed investigation makes it doubtful');
  await shot(page, 'help-en-light');
  await page.getByTestId('help-api').click();
  await waitPath(page, '/help/api');
  await titleIs(page, 'API reference · Arbor');
  await page.getByTestId('api-groups').waitFor();
  const op = (method, path) =>
    page.locator(`[data-testid="api-operation"][data-method="${method}"][data-path="${path}"]`);
  await op('POST', '/api/auth/login').waitFor();
  await op('GET', '/api/management/project/{id}/settings').waitFor();
  await see(page, '/api/auth/login');
  await see(page, '/api/management/project/{id}/settings');
  assert(
    (await op('POST', '/api/auth/login').getByTestId('api-public').count()) === 1,
    'POST /api/auth/login is not marked public',
  );
  assert(
    (await op('GET', '/api/management/project/{id}/settings').getByTestId('api-public').count()) === 0,
    'GET …/settings is marked public',
  );
  assert(
    (await page.getByTestId('api-raw-link').getAttribute('href')) === '/api/openapi.json',
    'no link to the raw openapi.json',
  );
  await shot(page, 'help-api-en-light');

  await pickMenu(page, 'language-menu', 'language-de');
  await see(page, 'Die API verwenden');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
  await titleIs(page, 'API-Referenz · Arbor');
  await shot(page, 'help-api-de-dark');

  assert(page.errors.length === 0, `page errors: ${page.errors.map((e) => e.message).join('; ')}`);
  await page.context().close();
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-gpu',
    '--enable-unsafe-swiftshader',
  ],
});

let passed = 0;
let failed = 0;
console.log(`e2e against ${BASE}, screenshots in ${ARTIFACTS}`);
for (const t of tests) {
  if (ONLY && !t.name.includes(ONLY)) continue;
  const start = Date.now();
  try {
    await t.fn(browser);
    passed++;
    console.log(`ok - ${t.name} (${Date.now() - start} ms)`);
  } catch (e) {
    failed++;
    console.log(
      `not ok - ${t.name} (${Date.now() - start} ms)\n  ${String(e?.stack || e)
        .split('\n')
        .join('\n  ')}`,
    );
    for (const ctx of browser.contexts()) {
      for (const p of ctx.pages()) {
        await p
          .screenshot({ path: `${ARTIFACTS}FAILED-${tests.indexOf(t)}-${Date.now()}.png`, fullPage: true })
          .catch(() => undefined);
      }
      await ctx.close().catch(() => undefined);
    }
  }
}
await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
