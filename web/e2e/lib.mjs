// Helpers shared by the end-to-end flows (flows/*.mjs): pages, accounts, organisations, projects,
// API calls made by the page itself, and the map.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { waitForLink } from './mail.mjs';

export const BASE = (process.env.ARBOR_URL || 'http://127.0.0.1:18080').replace(/\/$/, '');
export const OUTBOX = process.env.ARBOR_OUTBOX || '';
export const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
export const PASSWORD = 'Green-Oak-2026!';
export const TIMEOUT = 15000;

await mkdir(ARTIFACTS, { recursive: true });

/** Every flow registers its tests here; run.mjs runs them in file order. */
export const tests = [];
export const test = (name, fn) => tests.push({ name, fn });

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}

export const uniqueEmail = (tag) =>
  `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;

export async function newPage(browser, opts = {}) {
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
  // The grid registers only the modules it uses: one that is missing logs "AG Grid: error #…".
  page.on('console', (m) => {
    if (/AG Grid/.test(m.text()) && (m.type() === 'error' || m.type() === 'warning')) errors.push(new Error(m.text()));
    // Whatever the server's Content-Security-Policy refuses (a script, a worker, a tile) fails the flow.
    if (/Content Security Policy/i.test(m.text())) errors.push(new Error(m.text()));
  });
  page.errors = errors;
  return page;
}

/** Asserts the page threw nothing and logged no grid or CSP error (newPage collects them). */
export function noPageErrors(page, who = 'page') {
  assert(page.errors.length === 0, `${who} errors: ${page.errors.map((e) => e.message).join('; ')}`);
}

export async function shot(page, name, { fullPage = true } = {}) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts?.ready).catch(() => undefined);
  await page.waitForTimeout(250); // transitions
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage });
}

export async function see(page, text, timeout = TIMEOUT) {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout });
}

export async function waitPath(page, pathname, search) {
  await page.waitForURL((u) => u.pathname === pathname && (search === undefined || u.search.includes(search)), {
    timeout: TIMEOUT,
  });
}

export async function titleIs(page, title) {
  await page
    .waitForFunction((t) => document.title === t, title, { timeout: 5000 })
    .catch(async () => {
      throw new Error(`title was "${await page.title()}", expected "${title}"`);
    });
}

export async function goto(page, path) {
  await page.goto(BASE + path, { waitUntil: 'domcontentloaded' });
}

export async function fill(page, name, value) {
  await page.locator(`input[name="${name}"]`).fill(value);
}

export async function register(page, email, { lastName = 'Baum' } = {}) {
  assert(OUTBOX, 'ARBOR_OUTBOX is not set');
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

export async function confirmFromOutbox(page, email, after) {
  const link = await waitForLink(OUTBOX, email, '/confirm', { after });
  await goto(page, link);
  const result = page.locator('[data-testid="confirm-result"][data-state="success"]');
  await result.waitFor();
  // Said once: the page does not repeat its title in its body (issue #24).
  const lines = (await result.innerText()).split('\n').filter((l) => /confirm/i.test(l));
  assert(lines.length === 1, `the confirmation says it ${lines.length} times: ${lines.join(' / ')}`);
}

export async function login(page, email, password = PASSWORD) {
  if (!new URL(page.url()).pathname.startsWith('/login')) await goto(page, '/login');
  await fill(page, 'email', email);
  await fill(page, 'password', password);
  await page.getByTestId('login-submit').click();
}

export async function pickMenu(page, menu, item) {
  await page.getByTestId(menu).first().click();
  await page.getByTestId(item).click();
}

/** Registers and confirms a new account in a fresh browser context; it is not logged in yet. */
export async function newAccount(browser, tag, { lastName = 'Baum', ...opts } = {}) {
  const page = await newPage(browser, opts);
  const email = uniqueEmail(tag);
  const started = await register(page, email, { lastName });
  await confirmFromOutbox(page, email, started);
  return { page, email };
}

/**
 * Registers, confirms and logs in a new account in a fresh browser context; afterConfirm(email)
 * runs between the confirmation and the log-in (to make the account platform support).
 */
export async function newUser(browser, tag, { afterConfirm, ...opts } = {}) {
  const { page, email } = await newAccount(browser, tag, opts);
  if (afterConfirm) await afterConfirm(email);
  await goto(page, '/login');
  await login(page, email);
  await waitPath(page, '/');
  return { page, email };
}

/**
 * Runs one SQL statement on the server's database (scripts/e2e.sh gives it as
 * ARBOR_E2E_DATABASE_URL): moving an organisation's demo end into the past is moving the clock
 * past its 28 days, as the server sees it.
 */
export async function dbExec(statement) {
  const url = process.env.ARBOR_E2E_DATABASE_URL;
  assert(url, 'ARBOR_E2E_DATABASE_URL is not set (scripts/e2e.sh sets it)');
  await promisify(execFile)('psql', [url, '-qX', '-v', 'ON_ERROR_STOP=1', '-c', statement]);
}

/** The server's clock past the organisation's 28-day demo: its demo ended a minute ago. */
export const endDemo = (orgId) =>
  dbExec(`UPDATE organisation SET demo_until = now() - interval '1 minute' WHERE id = '${orgId}'`);

/** A new account with a new organisation of that name, on the organisation's page. */
export async function newOrganisation(browser, tag, name, opts) {
  const { page, email } = await newUser(browser, tag, opts);
  const orgId = await createOrganisation(page, name);
  return { page, email, orgId };
}

/** A new account with a new organisation (its name made unique) and a project in it, on the project's page. */
export async function newProject(browser, tag, organisation, project, opts) {
  const { page, email, orgId } = await newOrganisation(
    browser,
    tag,
    `${organisation} ${Date.now().toString(36)}`,
    opts,
  );
  const projectId = await createProject(page, orgId, project);
  return { page, email, orgId, projectId };
}

/** A platform support account ("super manager"), made so in the database before it logs in. */
export async function newSupportUser(browser, tag, opts) {
  return newUser(browser, tag, {
    ...opts,
    afterConfirm: (email) => dbExec(`UPDATE app_user SET is_super = true WHERE lower(email) = lower('${email}')`),
  });
}

/** The looks screenshots are taken in: English and German, light and dark, desktop and phone. */
export const LOOKS = ['en', 'de'].flatMap((lang) =>
  ['light', 'dark'].flatMap((theme) =>
    [
      ['desktop', { width: 1440, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ].map(([device, size]) => ({ lang, theme, device, size, name: `${lang}-${theme}-${device}` })),
  ),
);

/**
 * Calls fn(look) in every look (language and colour scheme picked in the app's menus, the
 * window sized), then goes back to English, light, desktop.
 */
export async function eachLook(page, fn) {
  let at = '';
  for (const look of LOOKS) {
    if (at !== `${look.lang}-${look.theme}`) {
      await pickMenu(page, 'language-menu', `language-${look.lang}`);
      await pickMenu(page, 'theme-menu', `theme-${look.theme}`);
      at = `${look.lang}-${look.theme}`;
    }
    await page.setViewportSize(look.size);
    await fn(look);
  }
  await pickMenu(page, 'language-menu', 'language-en');
  await pickMenu(page, 'theme-menu', 'theme-light');
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Picks an option of a Mantine Select by its label. */
export async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

export async function createOrganisation(page, name) {
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

/** The status of a direct API call made by the page itself (apiJSON without the answer). */
export const apiStatus = async (page, method, path, body) => (await apiJSON(page, method, path, body)).status;

/** Asserts an API answer's status (apiJSON), naming the call and the answer when it differs. */
export const ok = (r, what, status = 200) =>
  assert(r.status === status, `${what} answered ${r.status}: ${JSON.stringify(r.json)}`);

/** Waits until the page shows no loading skeleton (none at all is fine too). */
export async function settled(page) {
  await page
    .locator('[data-testid="loading"]')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

/**
 * A step that asks first: clicks `button`, waits for the confirmation modal (its test id) to say
 * `text`, screenshots it (`name`) and confirms.
 */
export async function confirmAsked(page, button, modalTestId, text, name) {
  await page.getByTestId(button).click();
  const modal = page.getByTestId(modalTestId);
  await modal.waitFor();
  await see(page, text);
  await shot(page, name, { fullPage: false });
  await modal.getByTestId('confirm-button').click();
}

/** Chooses a CSV file (its name and bytes) in the open import wizard. */
export async function chooseImportFile(page, name, buffer) {
  await page
    .getByTestId('import-wizard')
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer });
}

/** Screenshots of the pages in `views` ([name, path, testid to wait for]). */
export async function shootViews(page, views, suffix) {
  for (const [name, path, marker] of views) {
    await goto(page, path);
    await page.getByTestId(marker).first().waitFor();
    await settled(page);
    await shot(page, `${name}-${suffix}`);
  }
}

/**
 * An ended demo seen from its organisation page: the expired modal shows and a new tree is refused;
 * the modal leads to the packages, where `trees` are booked; then a new tree is accepted again.
 * `onModal` runs while the expired modal is open (a screenshot).
 */
export async function bookAfterDemo(page, { orgId, projectId, trees, onModal }) {
  await goto(page, `/organisations/${orgId}/organisation`);
  await page.getByTestId('demo-expired-modal').waitFor();
  await page.getByTestId('organisation-status').getByText('Demo expired').waitFor();
  await onModal?.();
  const tree = { geom: { type: 'Point', coordinates: [9.43, 54.78] } };
  const refused = await apiJSON(page, 'POST', `/api/content/tree?project=${projectId}`, tree);
  assert(refused.status === 409, `a tree after the demo: ${refused.status}`);
  await page.getByTestId('demo-expired-book').click();
  await page.getByTestId('packages-page').and(page.locator('[data-status="expired"]')).waitFor();
  await page.getByTestId(`book-trees-${trees}`).click();
  await page.getByTestId('booking-consent-agb').check();
  await page.getByTestId('booking-consent-avv').check();
  await page.getByTestId('booking-confirm').click();
  await page.getByTestId('booking-done').waitFor();
  await page.getByTestId('booking-done').getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('packages-page').and(page.locator('[data-status="booked"]')).waitFor();
  const made = await apiJSON(page, 'POST', `/api/content/tree?project=${projectId}`, tree);
  assert(made.status === 201, `a tree after booking: ${made.status}`);
}

export async function createProject(page, orgId, name) {
  await goto(page, `/organisations/${orgId}/projects`);
  await page.getByTestId('create-project').click();
  await fill(page, 'name', name);
  await page.getByTestId('create-project-submit').click();
  await page.waitForURL((u) => /^\/projects\/[0-9a-f-]{36}$/.test(u.pathname));
  await page.getByTestId('project-page').waitFor();
  // The page enters the project (a scoped login that replaces the session and its CSRF token):
  // calls the test makes itself must wait for that, as the app's own calls do.
  await page.waitForLoadState('networkidle');
  return new URL(page.url()).pathname.split('/')[2];
}

/** Clicks Save of a settings part and answers the PUT's request body and answer. */
export async function saveSettings(page, projectId) {
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/management/project/${projectId}/settings`) && r.request().method() === 'PUT',
  );
  await page.getByTestId('settings-save').click();
  const res = await saved;
  assert(res.status() === 200, `saving the settings answered ${res.status()}: ${await res.text()}`);
  await see(page, 'The settings have been saved.');
  return { sent: res.request().postDataJSON(), answer: await res.json() };
}

export async function apiJSON(page, method, path, body) {
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

/** Draws a rectangle with the map's select tool (chosen already): the four corners, then the last again. */
export async function selectOnMap(page, [x0, y0, x1, y1]) {
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
}

/** Waits until the map has loaded and its tiles are drawn. */
export async function mapReady(page) {
  await page.waitForFunction(() => window.__map?.loaded() && window.__map.areTilesLoaded(), null, { timeout: 20000 });
}

/** Waits until the map draws the tiles of the project's current revision (an edit moves it, and
 * the map then loads its tiles anew; until then a click may land on tiles being replaced). */
export async function mapAtCurrentRevision(page, projectId) {
  const res = await apiJSON(page, 'GET', `/api/tiles/${projectId}/trees.json`);
  const rev = res.json?.revision;
  assert(typeof rev === 'number', `trees.json without a revision: ${JSON.stringify(res.json)}`);
  await page.waitForFunction(
    (rev) => (window.__map.getSource('trees')?.tiles ?? []).some((u) => u.includes(`rev=${rev}`)),
    rev,
    { timeout: 20000 },
  );
  await mapReady(page);
}

/** Waits until the map draws a tree within 5 pixels of a longitude/latitude (after an edit the
 * project's revision moves and the map reloads its tiles). */
export async function waitTreeAt(page, lonLat) {
  await page.waitForFunction(
    ([lon, lat]) => {
      const p = window.__map.project([lon, lat]);
      const box = [
        [p.x - 5, p.y - 5],
        [p.x + 5, p.y + 5],
      ];
      return window.__map.queryRenderedFeatures(box, { layers: ['trees'] }).length > 0;
    },
    lonLat,
    { timeout: 20000 },
  );
}

/** The tile feature ids of the trees the map draws now. */
export async function renderedTrees(page) {
  return page.evaluate(() =>
    [...new Set(window.__map.queryRenderedFeatures({ layers: ['trees'] }).map((f) => f.id))].sort((a, b) => a - b),
  );
}

export async function waitTreeCount(page, n) {
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
export async function mapPixel(page, lngLat) {
  const box = await page.getByTestId('map-canvas').boundingBox();
  const p = await page.evaluate((ll) => window.__map.project(ll), lngLat);
  return { x: box.x + p.x, y: box.y + p.y };
}

/** Waits until the data table counts n objects. */
export async function waitTotal(page, n) {
  await page
    .waitForFunction((n) => document.querySelector('[data-testid="data-total"]')?.dataset.total === String(n), n, {
      // A shared, loaded machine can take its time to count; a wrong count never arrives.
      timeout: 30000,
    })
    .catch(async () => {
      throw new Error(
        `the table counts ${await page.getByTestId('data-total').getAttribute('data-total')}, expected ${n}`,
      );
    });
}

/**
 * Texts the page cuts off (issue #24: German labels ending in "…"): elements that clip their
 * text with an ellipsis or a line clamp, and empty inputs whose placeholder is wider than the
 * room they have. `ignore` is a selector for places where cutting is meant (a grid's
 * cells, e-mail addresses in narrow lists).
 */
export async function cutTexts(page, { ignore = '' } = {}) {
  return page.evaluate((ignore) => {
    const out = [];
    const canvas = document.createElement('canvas').getContext('2d');
    const visible = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    for (const el of document.querySelectorAll('body *')) {
      if (ignore && el.closest(ignore)) continue;
      if (!visible(el)) continue;
      const cs = getComputedStyle(el);
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
        if (el instanceof HTMLInputElement && !['text', 'search', ''].includes(el.type)) continue;
        if (el instanceof HTMLTextAreaElement) continue;
        // A placeholder is the app's text; a value is the user's, which may be long.
        const text = el.value ? '' : el.placeholder;
        if (!text) continue;
        canvas.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
        if (canvas.measureText(text).width > room + 1) out.push(`input: ${text}`);
        continue;
      }
      const text = el.textContent.trim();
      if (!text) continue;
      const ellipsis = cs.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
      const clamp = cs.webkitLineClamp !== 'none' && cs.webkitLineClamp && el.scrollHeight > el.clientHeight + 1;
      if (ellipsis || clamp) out.push(text.slice(0, 80));
    }
    return out;
  }, ignore);
}

/** Fails naming what `cutTexts` finds. */
export async function noCutTexts(page, where, opts) {
  const cut = await cutTexts(page, opts);
  assert(cut.length === 0, `${where}: text cut off: ${cut.join(' | ')}`);
}

/** The newest toast sits below the header: it covers none of the header's buttons. */
export async function toastClearOfHeader(page) {
  const toast = page.locator('.mantine-Notification-root').first();
  await toast.waitFor();
  const box = await toast.boundingBox();
  const header = await page.locator('header').first().boundingBox();
  assert(box && header && box.y >= header.y + header.height - 1, `a toast at y=${box?.y} covers the header`);
}

const AXE_SOURCE = readFileSync(fileURLToPath(new URL('../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8');

/** The serious and critical WCAG 2.1 A/AA violations axe-core finds on the page as it is now, one
 * line each ("rule: target …"). axe is evaluated through the browser's protocol, so the app's
 * Content-Security-Policy does not need to allow it. */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes.map(
          (n) =>
            `${v.id}: ${n.target.join(' ')} ${n.html.slice(0, 400)} — ${(n.failureSummary || '').split('\n').slice(1, 2).join('').trim()}`,
        ),
      );
  });
  return found;
}

/**
 * Accepts every invitation open to the page's user through the API, as /invitations does (the
 * organisations and jobs flows accept in the page itself); answers how many there were.
 */
export async function acceptInvitations(page) {
  const list = await apiJSON(page, 'GET', '/api/management/user/invitations');
  assert(list.status === 200, `invitations answered ${list.status}`);
  for (const inv of list.json.items) {
    const r = await apiJSON(page, 'POST', `/api/management/user/invitations/${inv.kind}/${inv.id}`);
    assert(r.status === 200, `accepting ${inv.kind} ${inv.name} answered ${r.status}: ${JSON.stringify(r.json)}`);
  }
  return list.json.items.length;
}

/** A JPEG drawn by the browser itself: a trunk and a crown, w × h pixels. */
export async function drawPhoto(page, w, h, hue) {
  const b64 = await page.evaluate(
    ({ w, h, hue }) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d');
      const sky = g.createLinearGradient(0, 0, 0, h);
      sky.addColorStop(0, `hsl(${hue}, 60%, 78%)`);
      sky.addColorStop(1, `hsl(${hue + 40}, 45%, 55%)`);
      g.fillStyle = sky;
      g.fillRect(0, 0, w, h);
      g.fillStyle = '#6b4b2a';
      g.fillRect(w * 0.46, h * 0.45, w * 0.08, h * 0.55);
      g.fillStyle = `hsl(${hue + 80}, 45%, 35%)`;
      g.beginPath();
      g.ellipse(w / 2, h * 0.38, w * 0.3, h * 0.3, 0, 0, Math.PI * 2);
      g.fill();
      return c.toDataURL('image/jpeg', 0.9).split(',')[1];
    },
    { w, h, hue },
  );
  return Buffer.from(b64, 'base64');
}
