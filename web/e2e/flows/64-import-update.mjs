// Next year's export of the old system imported again: its rows find last year's trees by the
// old system's id and update them instead of doubling the register; the check counts both, the
// import runs in the queue with its progress shown, and the History tab names the file.
import { test, assert, shot, goto, pickMenu, waitTotal, newProject, chooseImportFile } from '../lib.mjs';

const HEAD = 'GUID,Nr,Hoehe,lon,lat\n';
const LAST_YEAR = ['old-1,1,10,9.43,54.78', 'old-2,2,11,9.431,54.781'];
const NEXT_YEAR = ['old-1,1,10.5,9.43,54.78', 'old-2,2,11,9.431,54.781', 'new-1,,4,9.44,54.79'];
const csv = (rows) => Buffer.from(HEAD + rows.join('\n') + '\n', 'utf8');

async function readFile(page, name, rows) {
  await page.getByTestId('data-import').click();
  await chooseImportFile(page, name, csv(rows));
  await page.getByTestId('import-read').click();
  await page.getByTestId('import-columns').waitFor();
}

test('import: a re-import matched by external id updates and adds, through the queue', async (browser) => {
  const { page, projectId } = await newProject(browser, 'reimport', 'Reimport', 'Kataster');
  await goto(page, `/projects/${projectId}/data`);
  await waitTotal(page, 0);

  // Last year's export: two trees, their old ids suggested as the external id.
  await readFile(page, '2025.csv', LAST_YEAR);
  const targets = await page.getByTestId('import-target').evaluateAll((els) => els.map((e) => e.value));
  assert(targets[0] === 'External id (old system)', `suggested ${targets.join('|')}`);
  await page.getByTestId('import-check').click();
  await page.getByTestId('import-preview').waitFor();
  await page.getByTestId('import-commit').click();
  await page.getByTestId('import-done').waitFor();
  await page.getByTestId('import-close').click();
  await waitTotal(page, 2);

  // Next year's: matched by the external id.
  await readFile(page, '2026.csv', NEXT_YEAR);
  await page.getByTestId('import-match').click();
  await page.getByRole('option', { name: 'Update the object with the same external id' }).click();
  await shot(page, 'import-match-en-light', { fullPage: false });
  await page.getByTestId('import-check').click();
  await page.getByTestId('import-preview').waitFor();
  const summary = await page.getByTestId('import-summary-updated').innerText();
  assert(
    summary.includes('1 existing objects will be updated') && summary.includes('1 already hold'),
    `summary ${summary}`,
  );
  await page.getByTestId('import-commit').click();
  await page.getByTestId('import-done').waitFor({ timeout: 60000 });
  assert((await page.getByTestId('import-done-updated').innerText()).includes('1 objects were updated'), 'updated');
  await page.getByTestId('import-close').click();
  await waitTotal(page, 3);

  // The same columns again: read and matched as the last import was, without choosing anew.
  await readFile(page, '2027.csv', NEXT_YEAR);
  await page.getByTestId('import-reused').waitFor();
  let chosen = await page.getByTestId('import-match').inputValue();
  assert(chosen === 'Update the object with the same external id', `match restored: ${chosen}`);
  await shot(page, 'import-match-reused-en-light', { fullPage: false });
  await page.keyboard.press('Escape');
  await page.getByTestId('import-wizard').waitFor({ state: 'hidden' });

  // German and dark, and on a phone, the match choice (restored here too).
  await pickMenu(page, 'language-menu', 'language-de');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await readFile(page, '2026.csv', NEXT_YEAR);
  chosen = await page.getByTestId('import-match').inputValue();
  assert(chosen === 'Objekt mit derselben externen ID aktualisieren', `match restored (de): ${chosen}`);
  await shot(page, 'import-match-de-dark', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'import-match-de-dark-phone', { fullPage: false });
});
