// Finding trees as a city's register identifies them: by street (numbers repeat per street), by
// any text they carry, and by genus. The identifying custom fields show in the table by default.
import {
  test,
  assert,
  shot,
  newPage,
  login,
  waitPath,
  pickMenu,
  apiJSON,
  goto,
  waitTotal,
  newProject,
} from '../lib.mjs';

test('data: quick search by street and any text, filter by genus, streets shown by default', async (browser) => {
  const { page, email, projectId } = await newProject(browser, 'search', 'Grünflächen', 'Straßenbäume');
  const q = `?project=${projectId}`;

  // Numbers repeat per street: the project does not keep them unique.
  const project = (await apiJSON(page, 'GET', `/api/management/project/${projectId}`)).json;
  const repeat = await apiJSON(page, 'PUT', `/api/management/project/${projectId}`, {
    ...project,
    unique_number: false,
  });
  assert(repeat.status === 200, `the project answered ${repeat.status}: ${JSON.stringify(repeat.json)}`);
  const settings = (await apiJSON(page, 'GET', `/api/management/project/${projectId}/settings`)).json;
  const put = await apiJSON(page, 'PUT', `/api/management/project/${projectId}/settings`, {
    version: settings.version,
    custom_fields: {
      ...settings.custom_fields,
      general01: { alias: 'Straße', active: true, type: 'text', default_value: '', sort: 'alpha', values: [] },
    },
  });
  assert(put.status === 200, `settings answered ${put.status}: ${JSON.stringify(put.json)}`);

  const lists = (await apiJSON(page, 'GET', `/api/content/lists${q}`)).json;
  const species = (b) => {
    const e = (lists.species ?? []).find((s) => s.botanical === b);
    assert(e, `no species ${b}`);
    return e.id;
  };
  // Number 1 on three streets, as registers number trees per street.
  const trees = [
    { number: 1, general01: 'Toosbüystr.', species: species('Acer platanoides') },
    { number: 2, general01: 'Toosbüystr.', species: species('Tilia cordata') },
    { number: 1, general01: 'Marienhölzungsweg', species: species('Acer campestre') },
    { number: 1, general01: 'Norderstraße', species: species('Quercus robur'), number_text: 'Schulhof' },
  ];
  for (const [i, t] of trees.entries()) {
    const r = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
      geom: { type: 'Point', coordinates: [9.43 + i * 0.0004, 54.78] },
      ...t,
    });
    assert(r.status === 201, `creating a tree answered ${r.status}: ${JSON.stringify(r.json)}`);
  }

  await goto(page, `/projects/${projectId}/data`);
  await waitTotal(page, 4);
  // The street is a default column, right after number and tag.
  const headers = await page.locator('[data-testid="data-table"] .ag-header-cell-text').allInnerTexts();
  const at = headers.indexOf('Straße');
  assert(at >= 0 && at <= 3, `the street is not among the first columns: ${headers.join(', ')}`);

  // The street, part of it, and another text field.
  const search = page.getByTestId('data-search');
  await search.fill('Toosbüystr.');
  await waitTotal(page, 2);
  await search.fill('hölzung');
  await waitTotal(page, 1);
  await search.fill('schulhof');
  await waitTotal(page, 1);
  await search.fill('');
  await waitTotal(page, 4);

  // Genus: every maple at once, picked from the project's genera; the list stays open to pick more.
  await page.getByTestId('filter-add').click();
  await page.getByTestId('filter-add').fill('Genus');
  await page.getByRole('option', { name: 'Genus (all its species)', exact: true }).click();
  const picker = page.getByTestId('filter-condition-value').last();
  await picker.click();
  await page.getByRole('option', { name: 'Acer', exact: true }).click();
  await waitTotal(page, 2);
  const tilia = page.getByRole('option', { name: 'Tilia', exact: true });
  assert(await tilia.isVisible(), 'the genus list closed after the first pick');
  await tilia.click();
  await waitTotal(page, 3);
  await page.keyboard.press('Escape');
  await shot(page, 'data-search-genus-en-light', { fullPage: false });

  // German and dark, on a phone too: the street heading and the placeholder fit.
  const de = await newPage(browser, { locale: 'de-DE', colorScheme: 'dark' });
  await goto(de, '/login');
  await login(de, email);
  await waitPath(de, '/');
  await goto(de, `/projects/${projectId}/data`);
  await waitTotal(de, 4);
  await pickMenu(de, 'language-menu', 'language-de');
  await de.getByText('Straße', { exact: true }).first().waitFor();
  await de.getByTestId('data-search').fill('Toosbüy');
  await waitTotal(de, 2);
  await shot(de, 'data-search-de-dark', { fullPage: false });
  await de.setViewportSize({ width: 390, height: 844 });
  await shot(de, 'data-search-de-dark-phone', { fullPage: false });
  await de.context().close();
});
