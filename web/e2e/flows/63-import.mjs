// Importing a register as a city brings it: a German Excel CSV (Windows-1252, ';', Gauss-Krüger
// zone 3) is read, its columns and reference system suggested, checked with every problem named,
// fixed, imported with its unknown species added, seen in the table, and undone.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, assert, shot, goto, pickMenu, waitTotal, newProject, chooseImportFile } from '../lib.mjs';

const HEAD = 'Baumnummer;Baumart;Höhe;Stammumfang;Rechtswert;Hochwert\r\n';
const ROWS = [
  '1;Tilia cordata;12,5;157;3527505,2;6073645,2',
  '2;Acer platanoides;9;120;3527515,6;6073649,8',
  '3;Fantasia arborea;7;80;3527525,1;6073655,3',
  '4;Quercus robur;14;210;3527535,9;6073660,1',
];
const latin1 = (rows) => Buffer.from(HEAD + rows.join('\r\n') + '\r\n', 'latin1');

test('import: a German register read, checked, fixed, imported with its species, and undone', async (browser) => {
  const { page, projectId } = await newProject(browser, 'import', 'Stadtgrün', 'Kataster');
  await goto(page, `/projects/${projectId}/data`);
  await waitTotal(page, 0);

  // A file with a height that is no number.
  const bad = [...ROWS];
  bad[1] = '2;Acer platanoides;hoch;120;3527515,6;6073649,8';
  await page.getByTestId('data-import').click();
  await chooseImportFile(page, 'Baumkataster.csv', latin1(bad));
  await page.getByTestId('import-read').click();

  // Columns and reference system as suggested.
  await page.getByTestId('import-columns').waitFor();
  const targets = await page.getByTestId('import-target').evaluateAll((els) => els.map((e) => e.value));
  assert(
    targets.join('|') ===
      'Number|Species|Height (m)|Trunk circumference (cm)|X / easting / longitude|Y / northing / latitude',
    `suggested ${targets.join('|')}`,
  );
  const crs = await page.getByTestId('import-crs').inputValue();
  assert(crs.includes('Gauss-Krüger zone 3'), `reference system ${crs}`);
  assert((await page.getByTestId('import-detected').innerText()).includes('iso-8859-1'), 'encoding not shown');
  await shot(page, 'import-columns-en-light', { fullPage: false });

  // The check names the problem by line and column, and the unknown species; nothing written.
  await page.getByTestId('import-check').click();
  await page.getByTestId('import-preview').waitFor();
  const problem = await page.getByTestId('import-problem').first().innerText();
  assert(/^3\s+Höhe\s+Not a number\.\s+hoch$/.test(problem.trim()), `problem ${JSON.stringify(problem)}`);
  assert(
    (await page.getByTestId('import-unknown-species').innerText()).includes('Fantasia arborea'),
    'unknown species',
  );
  assert(await page.getByTestId('import-commit').isDisabled(), 'an import with problems can be started');
  await page.getByTestId('import-sample').waitFor();
  await shot(page, 'import-check-en-light', { fullPage: false });

  // The fixed file, its unknown species added: imported whole.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await chooseImportFile(page, 'Baumkataster.csv', latin1(ROWS));
  await page.getByTestId('import-read').click();
  await page.getByTestId('import-columns').waitFor();
  await page.getByTestId('import-check').click();
  await page.getByTestId('import-add-species').click();
  await page.getByTestId('import-commit').click();
  await page.getByTestId('import-done').waitFor();
  assert((await page.getByTestId('import-done').innerText()).includes('4 trees and 0 groups'), 'result');
  await page.getByTestId('import-close').click();
  await waitTotal(page, 4);

  // Undone as a whole, after a confirmation.
  await page.getByTestId('data-import').click();
  await page.getByTestId('import-history-item').first().waitFor();
  await page.getByTestId('import-undo').first().click();
  await page.getByTestId('import-undo-confirm').click();
  await page.getByText('4 objects removed.').waitFor();
  await page.keyboard.press('Escape');
  await waitTotal(page, 0);

  // German and dark: the columns step.
  await pickMenu(page, 'language-menu', 'language-de');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.getByTestId('data-import').click();
  await chooseImportFile(page, 'Baumkataster.csv', latin1(ROWS));
  await page.getByTestId('import-read').click();
  await page.getByTestId('import-columns').waitFor();
  // The same columns as the undone import: its mapping is offered again.
  assert((await page.getByTestId('import-reused').innerText()).includes('Baumkataster.csv'), 'mapping not reused');
  await shot(page, 'import-columns-de-dark', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'import-columns-de-dark-phone', { fullPage: false });
});

// A GeoPackage as a city's GIS department sends it (written by GDAL): two layers, the areas read
// first; the person picks the trees' layer, and its points come in where they stand.
test('import: a GeoPackage layer chosen and imported without choosing coordinates', async (browser) => {
  const { page, projectId } = await newProject(browser, 'import-gpkg', 'GIS', 'Kataster GIS');
  await goto(page, `/projects/${projectId}/data`);
  await waitTotal(page, 0);

  const dir = mkdtempSync(join(tmpdir(), 'arbor-gpkg-'));
  const feature = (nr, species, geometry) => ({
    type: 'Feature',
    properties: { Baumnr: nr, Baumart: species },
    geometry,
  });
  const collection = (features) =>
    JSON.stringify({
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::25832' } },
      features,
    });
  writeFileSync(
    join(dir, 'trees.geojson'),
    collection([
      feature(11, 'Tilia cordata', { type: 'Point', coordinates: [527500, 6073650] }),
      feature(12, 'Acer platanoids', { type: 'Point', coordinates: [527510, 6073655] }),
    ]),
  );
  writeFileSync(
    join(dir, 'areas.geojson'),
    collection([
      feature(13, 'Fagus sylvatica', {
        type: 'Polygon',
        coordinates: [
          [
            [527600, 6073600],
            [527700, 6073600],
            [527700, 6073700],
            [527600, 6073600],
          ],
        ],
      }),
    ]),
  );
  const gpkg = join(dir, 'Kataster.gpkg');
  execFileSync('ogr2ogr', ['-f', 'GPKG', gpkg, join(dir, 'areas.geojson'), '-nln', 'areas']);
  execFileSync('ogr2ogr', ['-update', '-f', 'GPKG', gpkg, join(dir, 'trees.geojson'), '-nln', 'trees']);

  await page.getByTestId('data-import').click();
  await page
    .getByTestId('import-wizard')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Kataster.gpkg', mimeType: 'application/geopackage+sqlite3', buffer: readFileSync(gpkg) });
  await page.getByTestId('import-read').click();
  await page.getByTestId('import-columns').waitFor();
  assert((await page.getByTestId('import-detected').innerText()).includes('GeoPackage'), 'format not named');
  assert((await page.getByTestId('import-layer').inputValue()) === 'areas', 'the first layer is not the one read');
  const crs = await page.getByTestId('import-crs').inputValue();
  assert(crs.includes('UTM zone 32N'), `reference system ${crs}`);

  await page.getByTestId('import-layer').click();
  await page.getByRole('option', { name: 'trees' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="import-layer"]')?.value === 'trees');
  await shot(page, 'import-layer-en-light', { fullPage: false });
  await page.getByTestId('import-check').click();
  await page.getByTestId('import-preview').waitFor();

  // The misspelt species: its closest match chosen from the suggestions.
  assert(await page.getByTestId('import-commit').isDisabled(), 'an import with an open species can be started');
  await page.getByTestId('import-species-choice').click();
  await page.getByRole('option', { name: 'Acer platanoides – Norway maple', exact: true }).click();
  await shot(page, 'import-species-en-light', { fullPage: false });
  await page.getByTestId('import-commit').click();
  await page.getByTestId('import-done').waitFor();
  assert((await page.getByTestId('import-done').innerText()).includes('2 trees and 0 groups'), 'result');
  await page.getByTestId('import-close').click();
  await waitTotal(page, 2);
});
