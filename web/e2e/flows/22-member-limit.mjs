// A manager limits a member to a saved filter (a district) on the project's users page: the member
// then sees only its trees; widening it again shows the whole project.
import {
  test,
  assert,
  goto,
  shot,
  newUser,
  createOrganisation,
  createProject,
  apiJSON,
  acceptInvitations,
  see,
  waitTotal,
} from '../lib.mjs';

/** Picks what the member of a row sees. */
async function pick(page, row, label) {
  await row.getByTestId('member-limit').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test('project users: a member limited to a saved filter sees only its trees, then the whole project again', async (browser) => {
  const { page } = await newUser(browser, 'limit-mgr');
  const member = await newUser(browser, 'limit-member', { lastName: 'Ast' });
  const orgId = await createOrganisation(page, `Bezirksamt ${Date.now().toString(36)}`);
  const projectId = await createProject(page, orgId, 'Bezirke');
  const q = `?project=${projectId}`;
  for (let n = 1; n <= 5; n++) {
    const r = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
      geom: { type: 'Point', coordinates: [9.43 + n * 0.0004, 54.78] },
      number: n,
    });
    assert(r.status === 201, `tree ${n}: ${r.status} ${JSON.stringify(r.json)}`);
  }
  const saved = await apiJSON(page, 'POST', `/api/content/filters${q}`, {
    name: 'Nordstadt',
    project_wide: true,
    filter: { conditions: [{ field: 'number', op: 'lte', value: 2 }] },
  });
  assert(saved.status === 201 || saved.status === 200, `saving the filter answered ${saved.status}`);
  const share = await apiJSON(page, 'POST', `/api/management/project/${projectId}/users`, {
    emails: member.email,
    access: 2,
  });
  assert(share.status === 200 || share.status === 201, `sharing answered ${share.status}`);
  assert((await acceptInvitations(member.page)) === 1, 'the member was not invited');

  // The manager limits the member on the users page.
  await goto(page, `/projects/${projectId}/settings/user`);
  const row = page.locator(`[data-testid="member-row"][data-email="${member.email}"]`);
  await row.waitFor();
  await pick(page, row, 'Nordstadt');
  await see(page, 'now sees only “Nordstadt”');
  const members = await apiJSON(page, 'GET', `/api/management/project/${projectId}/users`);
  const limited = members.json.items.find((m) => m.email === member.email);
  assert(limited?.limited && limited.limit_name === 'Nordstadt', `the member's limit: ${JSON.stringify(limited)}`);
  await shot(page, 'member-limit-en-light', { fullPage: false });
  // German, dark and on a phone: the table scrolls inside its card, the page does not.
  await page.getByTestId('language-menu').first().click();
  await page.getByTestId('language-de').click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await row.getByTestId('member-limit').waitFor();
  // The layout settles for the narrow window first (the navigation folds away).
  await page
    .waitForFunction(() => document.documentElement.scrollWidth <= 390, null, { timeout: 5000 })
    .catch(() => undefined);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 390, `the users page is ${wide} px wide on a phone`);
  await shot(page, 'member-limit-de-dark-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByTestId('language-menu').first().click();
  await page.getByTestId('language-en').click();

  // The member sees the filter's two trees only.
  await goto(member.page, `/projects/${projectId}/data`);
  await waitTotal(member.page, 2);

  // Widened again: the whole project.
  await pick(page, row, 'Whole project');
  await see(page, 'sees the whole project again');
  await goto(member.page, `/projects/${projectId}/data`);
  await waitTotal(member.page, 5);
});
