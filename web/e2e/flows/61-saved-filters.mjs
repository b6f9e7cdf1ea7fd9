// The saved filters' menu: rename, save as and delete a filter one owns; a viewer who loads the
// project's filter may save it as their own but neither rename nor delete it.
import {
  test,
  assert,
  shot,
  see,
  newUser,
  newProject,
  apiJSON,
  goto,
  waitTotal,
  acceptInvitations,
  pickMenu,
} from '../lib.mjs';

/** The saved filters the page's account may use in the project. */
async function filters(page, projectId) {
  const r = await apiJSON(page, 'GET', `/api/content/filters?project=${projectId}`);
  assert(r.status === 200, `listing filters answered ${r.status}`);
  return r.json.items;
}

/** Opens the saved filters' menu and picks an entry. */
async function menu(page, entry) {
  await page.getByTestId('filter-menu').click();
  await page.getByTestId(entry).click();
}

/** Fills the save modal's name and saves; waits until the modal is gone. */
async function saveNamed(page, name) {
  const input = page.locator('input[name="filterName"]');
  await input.fill(name);
  await page.getByTestId('filter-save-submit').click();
  await input.waitFor({ state: 'detached' });
}

const filterParam = (page) => new URL(page.url()).searchParams.get('filter');

test('saved filters: rename, save as and delete from the menu; a viewer may only save as', async (browser) => {
  const viewer = await newUser(browser, 'filters-viewer', { lastName: 'Eibe' });
  const { page, projectId } = await newProject(browser, 'filters', 'Grünflächenamt', 'Parks');
  const q = `?project=${projectId}`;
  for (const [i, height] of [5, 12, 18, 25].entries()) {
    const r = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
      geom: { type: 'Point', coordinates: [9.43 + i * 0.0004, 54.78] },
      number: i + 1,
      height,
    });
    assert(r.status === 201, `creating tree ${i + 1} answered ${r.status}`);
  }
  const tall = { conditions: [{ field: 'height', op: 'gte', value: 10 }] };
  const made = await apiJSON(page, 'POST', `/api/content/filters${q}`, { name: 'Hohe Bäume', filter: tall });
  assert(made.status === 201, `saving the filter answered ${made.status}: ${JSON.stringify(made.json)}`);
  const id = made.json.id;

  // Loaded from its link: three trees.
  await goto(page, `/projects/${projectId}/data?filter=${id}`);
  await waitTotal(page, 3);
  await page.getByTestId('filter-menu').click();
  await page.getByTestId('filter-rename').waitFor();
  assert(!(await page.getByTestId('filter-rename').isDisabled()), 'the owner may not rename');
  assert(!(await page.getByTestId('filter-delete').isDisabled()), 'the owner may not delete');
  await shot(page, 'saved-filter-menu-en-light', { fullPage: false });
  await page.keyboard.press('Escape');

  // Rename: the same filter under the new name, still loaded.
  await menu(page, 'filter-rename');
  assert(
    (await page.locator('input[name="filterName"]').inputValue()) === 'Hohe Bäume',
    'the rename modal does not start from the name',
  );
  await saveNamed(page, 'Sehr hohe Bäume');
  let mine = await filters(page, projectId);
  assert(
    mine.length === 1 && mine[0].id === id && mine[0].name === 'Sehr hohe Bäume',
    `after rename ${JSON.stringify(mine)}`,
  );
  assert(filterParam(page) === id, 'renaming unloaded the filter');
  assert(
    (await page.getByTestId('saved-filter-select').inputValue()) === 'Sehr hohe Bäume',
    'the picker does not show the new name',
  );

  // Save as: a second filter with the same conditions, and the copy is the one loaded.
  await menu(page, 'filter-save-as');
  assert((await page.locator('input[name="filterName"]').inputValue()) === '', 'save as starts from a name');
  await saveNamed(page, 'Kopie');
  mine = await filters(page, projectId);
  const copy = mine.find((f) => f.name === 'Kopie');
  assert(mine.length === 2 && copy && copy.id !== id, `after save as ${JSON.stringify(mine)}`);
  assert(JSON.stringify(copy.filter.conditions) === JSON.stringify(tall.conditions), 'the copy lost the conditions');
  await page.waitForURL((u) => u.searchParams.get('filter') === copy.id);
  await waitTotal(page, 3);

  // Delete asks first; cancelling keeps it, confirming removes it and unloads it.
  await menu(page, 'filter-delete');
  await see(page, 'Kopie');
  await page.getByRole('button', { name: 'Cancel' }).click();
  assert((await filters(page, projectId)).length === 2, 'cancelling the delete deleted');
  await menu(page, 'filter-delete');
  await page.getByTestId('filter-delete-confirm').click();
  await page.waitForURL((u) => !u.searchParams.has('filter'));
  mine = await filters(page, projectId);
  assert(mine.length === 1 && mine[0].id === id, `after delete ${JSON.stringify(mine)}`);
  await waitTotal(page, 4);

  // The renamed filter becomes the project's; a viewer loads it and may only save it as their own.
  const wide = await apiJSON(page, 'PUT', `/api/content/filters/${id}${q}`, {
    name: 'Sehr hohe Bäume',
    filter: tall,
    project_wide: true,
    version: mine[0].version,
  });
  assert(wide.status === 200, `making the filter the project's answered ${wide.status}: ${JSON.stringify(wide.json)}`);
  const invite = await apiJSON(page, 'POST', `/api/management/project/${projectId}/users`, {
    emails: viewer.email,
    access: 1,
  });
  assert(invite.status === 200 || invite.status === 201, `inviting the viewer answered ${invite.status}`);
  assert((await acceptInvitations(viewer.page)) === 1, 'the viewer was not invited');
  const vp = viewer.page;
  await goto(vp, `/projects/${projectId}/data?filter=${id}`);
  await waitTotal(vp, 3);
  await pickMenu(vp, 'language-menu', 'language-de');
  await pickMenu(vp, 'theme-menu', 'theme-dark');
  await vp.getByTestId('filter-menu').click();
  await vp.getByTestId('filter-rename').waitFor();
  assert(await vp.getByTestId('filter-rename').isDisabled(), 'a viewer may rename the project’s filter');
  assert(await vp.getByTestId('filter-delete').isDisabled(), 'a viewer may delete the project’s filter');
  assert(await vp.getByTestId('filter-share').isDisabled(), 'a viewer may share');
  await shot(vp, 'saved-filter-menu-de-dark-viewer', { fullPage: false });
  await vp.getByTestId('filter-save-as').click();
  await saveNamed(vp, 'Meine hohen Bäume');
  const theirs = await filters(vp, projectId);
  const own = theirs.find((f) => f.mine);
  assert(theirs.length === 2 && own?.name === 'Meine hohen Bäume', `the viewer's filters ${JSON.stringify(theirs)}`);
  await vp.waitForURL((u) => u.searchParams.get('filter') === own.id);
  // Their own filter they may rename and delete.
  await vp.getByTestId('filter-menu').click();
  await vp.getByTestId('filter-rename').waitFor();
  assert(!(await vp.getByTestId('filter-rename').isDisabled()), 'a viewer may not rename their own filter');
  await vp.keyboard.press('Escape');
  await pickMenu(vp, 'language-menu', 'language-en');
  await pickMenu(vp, 'theme-menu', 'theme-light');
});
