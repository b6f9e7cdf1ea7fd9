// Accessibility: every screen, as a guest and as a manager with a project that has trees, in light
// and dark, checked with axe-core for serious and critical WCAG 2.1 A/AA violations (issue #24).
import { writeFileSync } from 'node:fs';
import {
  ARTIFACTS,
  test,
  assert,
  goto,
  newPage,
  newUser,
  newSupportUser,
  createOrganisation,
  createProject,
  apiJSON,
  mapReady,
  shot,
  axeViolations,
  newProject,
  settled,
} from '../lib.mjs';

/** Waits until the page has settled: no loading skeletons, network idle, transitions done. */
async function calm(page, marker) {
  if (marker) await page.getByTestId(marker).first().waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await settled(page);
  await page.waitForTimeout(400);
}

/** Screens whose look the contrast changes touch most, kept as screenshots to look at. */
const SHOTS = {
  '/register': 'register',
  '/': 'home',
  '/projects/:id/dashboard': 'dashboard',
  '/organisations/:id/organisation': 'organisation',
  '/help/api': 'api-reference',
  '/support': 'support',
};

/** Visits each [path, marker] and collects the violations per screen. */
async function walk(page, screens, scheme, found) {
  for (const [path, marker] of screens) {
    await goto(page, path);
    await calm(page, marker);
    for (const v of await axeViolations(page)) found.push(`${scheme} ${path}: ${v}`);
    const name = SHOTS[path.replace(/[0-9a-f-]{36}/g, ':id').replace(/\?.*$/, '')];
    if (name) await shot(page, `a11y-${name}-${scheme}`, { fullPage: false });
  }
}

function report(found, name) {
  const unique = [...new Set(found)];
  writeFileSync(`${ARTIFACTS}a11y-${name}.txt`, unique.join('\n'));
  assert(
    unique.length === 0,
    `${unique.length} serious accessibility violations:\n    ${unique.slice(0, 40).join('\n    ')}`,
  );
}

const guestScreens = [
  ['/login', 'login-submit'],
  ['/register', 'register-submit'],
  ['/reset', null],
  ['/imprint', 'legal-text'],
  ['/privacy', 'legal-text'],
  ['/terms', 'legal-text'],
  ['/no-such-page', null],
];

test('accessibility: guest pages have no serious axe violations, light and dark', async (browser) => {
  const found = [];
  for (const scheme of ['light', 'dark']) {
    const page = await newPage(browser, { colorScheme: scheme });
    await walk(page, guestScreens, scheme, found);
    await page.context().close();
  }
  report(found, 'guest');
});

test('accessibility: every screen of a manager has no serious axe violations, light and dark', async (browser) => {
  const { page, orgId, projectId } = await newProject(browser, 'a11y', 'Grünflächenamt', 'Stadtpark');
  const q = `?project=${projectId}`;
  let treeId = '';
  for (let n = 1; n <= 4; n++) {
    const r = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
      geom: { type: 'Point', coordinates: [9.43 + n * 0.0004, 54.78] },
      number: n,
      vitality: n % 4,
    });
    assert(r.status === 201, `tree ${n}: ${r.status} ${JSON.stringify(r.json)}`);
    treeId ||= r.json.id;
  }
  const job = await apiJSON(page, 'POST', `/api/management/job${q}`, { name: 'Pflege Frühjahr' });
  const jobId = job.json?.id;

  const screens = [
    ['/', null],
    ['/user', null],
    ['/invitations', null],
    ['/organisations', null],
    ...['organisation', 'projects', 'documents', 'lists', 'packages'].map((s) => [
      `/organisations/${orgId}/${s}`,
      s === 'documents' ? 'legal-documents' : null,
    ]),
    ['/projects', null],
    ['/projects/dashboard', null],
    [`/projects/${projectId}`, 'project-page'],
    [`/projects/${projectId}/dashboard`, null],
    [`/projects/${projectId}/data`, 'data-view'],
    [`/projects/${projectId}/map?tree=${treeId}`, 'map-tree-card'],
    ...[
      'general',
      'user',
      'custom-fields',
      'required-fields',
      'default-values',
      'map-settings',
      'index',
      'management',
    ].map((s) => [`/projects/${projectId}/settings/${s}`, null]),
    ['/jobs', null],
    ['/jobs/dashboard', null],
    ...(jobId ? [[`/jobs/${jobId}`, null]] : []),
    ['/help', null],
    ['/help/api', null],
    ['/help/gis', null],
  ];
  const found = [];
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await walk(page, screens, scheme, found);
  }
  // The map itself, once drawn (its canvas and controls).
  await goto(page, `/projects/${projectId}/map`);
  await mapReady(page);
  for (const v of await axeViolations(page)) found.push(`map drawn: ${v}`);
  // Every tab of a tree's info window, light and dark.
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await goto(page, `/projects/${projectId}/map?tree=${treeId}`);
    await calm(page, 'map-tree-card');
    const tabs = await page
      .locator('[data-testid^="tree-tab-"]:not([data-testid^="tree-tab-count"])')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    assert(tabs.length >= 5, `the info window shows ${tabs.length} tabs`);
    for (const tab of tabs) {
      await page.getByTestId(tab).click();
      await calm(page);
      for (const v of await axeViolations(page)) found.push(`${scheme} info window ${tab}: ${v}`);
    }
  }
  // The import wizard's first step.
  await page.emulateMedia({ colorScheme: 'light' });
  await goto(page, `/projects/${projectId}/data`);
  await calm(page, 'data-view');
  await page.getByTestId('data-import').click();
  await page.getByRole('dialog').waitFor();
  await calm(page);
  for (const v of await axeViolations(page)) found.push(`import wizard: ${v}`);
  report(found, 'manager');
});

test('accessibility: the dialogs of a new organisation and of the data view, light and dark', async (browser) => {
  const { page } = await newUser(browser, 'a11y-dialogs');
  const orgId = await createOrganisation(page, `Stadtgrün ${Date.now().toString(36)}`);
  const found = [];
  /** Opens a dialog with open(), checks it light and dark, and closes it with Escape. */
  const dialog = async (name, open, marker) => {
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      await open();
      await page.getByTestId(marker).waitFor();
      await calm(page);
      for (const v of await axeViolations(page)) found.push(`${scheme} ${name}: ${v}`);
      await page.keyboard.press('Escape');
      await page.getByTestId(marker).waitFor({ state: 'detached' });
    }
  };
  // The demo wizard, offered while the organisation has no project: each of its steps.
  await goto(page, `/organisations/${orgId}/organisation`);
  await calm(page, 'demo-wizard-offer');
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.getByTestId('demo-wizard-open').click();
    for (const step of ['start', 'project', 'custom']) {
      await page.locator(`[data-testid="demo-wizard"][data-step="${step}"]`).waitFor();
      await calm(page);
      for (const v of await axeViolations(page)) found.push(`${scheme} demo wizard ${step}: ${v}`);
      if (step !== 'custom') await page.getByTestId('demo-wizard-next').click();
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('demo-wizard').waitFor({ state: 'detached' });
  }

  const projectId = await createProject(page, orgId, 'Alleen');
  for (let n = 1; n <= 3; n++) {
    const r = await apiJSON(page, 'POST', `/api/content/tree?project=${projectId}`, {
      geom: { type: 'Point', coordinates: [9.43 + n * 0.0004, 54.78] },
      number: n,
    });
    assert(r.status === 201, `tree ${n}: ${r.status} ${JSON.stringify(r.json)}`);
  }
  await goto(page, `/projects/${projectId}/data`);
  await calm(page, 'data-view');
  const fromMenu = (item) => async () => {
    await page.getByTestId('action-export-menu').click();
    await page.getByTestId(item).click();
  };
  await dialog('GIS export', fromMenu('action-export-gis'), 'gis-scope');
  await dialog('GAEB export', fromMenu('action-export-gaeb'), 'gaeb-scope');
  await dialog('PDF export', fromMenu('action-export-pdf'), 'pdf-scope');
  await dialog('photo import', () => page.getByTestId('data-import-photos').click(), 'photo-import-drop');
  await page.emulateMedia({ colorScheme: 'light' });
  report(found, 'dialogs');
});

test('accessibility: the platform support overview, its record and the extension modal, light and dark', async (browser) => {
  const { page } = await newSupportUser(browser, 'a11ysupport');
  await createOrganisation(page, `Grünflächenamt ${Date.now().toString(36)}`);
  const found = [];
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await walk(
      page,
      [
        ['/support', 'support-org'],
        ['/support?tab=records', 'support-page'],
      ],
      scheme,
      found,
    );
    await goto(page, '/support');
    await calm(page, 'support-extend');
    await page.getByTestId('support-extend').first().click();
    await page.getByTestId('extend-demo-modal').waitFor();
    await calm(page);
    for (const v of await axeViolations(page)) found.push(`${scheme} extension modal: ${v}`);
  }
  report(found, 'support');
});
