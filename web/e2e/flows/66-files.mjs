// Photos and documents of a tree: a photo attached and its thumbnail seen, the lightbox opened and
// walked with the keyboard, a PDF attached and downloaded, deleted through the delete document
// modal, and the organisation's photo storage moving with it; screenshots light and dark, English
// and German, desktop and phone. The organisation's own documents: its administrator's to add,
// rename and delete, its members' to read.
import {
  test,
  assert,
  shot,
  newProject,
  newUser,
  goto,
  apiJSON,
  newPage,
  pickMenu,
  drawPhoto,
  acceptInvitations,
} from '../lib.mjs';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);

async function storageUsed(page, orgId) {
  await goto(page, `/organisations/${orgId}/documents`);
  const meter = page.getByTestId('storage-meter');
  await meter.waitFor();
  return Number(await meter.getAttribute('data-bytes'));
}

test('files: a photo and a PDF attached to a tree, seen, downloaded and deleted', async (browser) => {
  let { page, orgId, projectId } = await newProject(browser, 'files', 'Baumpflege', 'Stadtpark');
  const q = `?project=${projectId}`;
  // Entering the project swaps the session; a call sent in that moment is tried again.
  let created;
  for (let i = 0; i < 3 && created?.status !== 201; i++) {
    await page.waitForLoadState('networkidle');
    created = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
      geom: { type: 'Point', coordinates: [9.4301, 54.7801] },
      number: 7,
    });
  }
  const tree = created.json;
  assert(tree?.id, `tree created: ${created.status} ${JSON.stringify(created.json)}`);
  const empty = await storageUsed(page, orgId);
  assert(empty === 0, `a new organisation uses ${empty} bytes of its storage`);

  await goto(page, `/projects/${projectId}/map?tree=${tree.id}`);
  const card = page.getByTestId('map-tree-card');
  await card.waitFor();
  await page.getByTestId('tree-tab-images').click();
  await page.getByTestId('tree-images-empty').waitFor();

  // Two photos; the queue makes their thumbnails, the gallery shows them.
  const photos = [
    { name: 'Stamm Nordseite.jpg', mimeType: 'image/jpeg', buffer: await drawPhoto(page, 1600, 1200, 200) },
    { name: 'Krone.jpg', mimeType: 'image/jpeg', buffer: await drawPhoto(page, 1200, 1600, 20) },
  ];
  await page.getByTestId('tree-images').locator('input[type="file"]').setInputFiles(photos);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="gallery-thumb"]').length === 2);
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid="gallery-thumb"]')].every(
        (i) => i.complete && i.naturalWidth > 0 && i.naturalWidth <= 256 && i.naturalHeight <= 256,
      ),
    null,
    { timeout: 20000 },
  );
  assert(
    (await page.getByTestId('tree-tab-count-images').getAttribute('data-count')) === '2',
    'the Images tab counts 2',
  );
  await shot(page, 'files-gallery-en-light', { fullPage: false });

  // The lightbox: the large image, walked with the arrow keys, closed with Escape.
  await page.getByTestId('gallery-item').first().click();
  const box = page.getByTestId('lightbox-body');
  await box.waitFor();
  await page.waitForFunction(() => {
    const i = document.querySelector('[data-testid="lightbox-image"]');
    return i && i.complete && i.naturalWidth > 256;
  });
  assert((await box.getAttribute('data-index')) === '0', 'the lightbox opens on the first photo');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('[data-testid="lightbox-body"]')?.dataset.index === '1');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('[data-testid="lightbox-body"]')?.dataset.index === '0');
  await shot(page, 'files-lightbox-en-light', { fullPage: false });
  await page.keyboard.press('Escape');
  await box.waitFor({ state: 'detached' });

  // A PDF in the Documents tab, downloaded as it was.
  await page.getByTestId('tree-tab-documents').click();
  await page.getByTestId('documents-empty').waitFor();
  await page
    .getByTestId('tree-documents')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Gutachten 2026.pdf', mimeType: 'application/pdf', buffer: PDF });
  const row = page.getByTestId('document-row');
  await row.waitFor();
  assert(
    (await page.getByTestId('tree-tab-count-documents').getAttribute('data-count')) === '1',
    'the Documents tab counts 1',
  );
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('document-download').click()]);
  assert(download.suggestedFilename() === 'Gutachten 2026.pdf', `downloaded as ${download.suggestedFilename()}`);
  const bytes = await download.createReadStream().then(
    (s) =>
      new Promise((resolve) => {
        const parts = [];
        s.on('data', (c) => parts.push(c));
        s.on('end', () => resolve(Buffer.concat(parts)));
      }),
  );
  assert(Buffer.compare(bytes, PDF) === 0, 'the download is the uploaded PDF');
  await shot(page, 'files-documents-en-light', { fullPage: false });

  // A text file renamed to .jpg is refused by its content.
  await page
    .getByTestId('tree-documents')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
  await page.getByTestId('upload-error').waitFor();
  assert(
    (await page.getByTestId('upload-error').innerText()).includes('Invalid file format'),
    'an HTML file is refused',
  );

  // Screenshots in the other schemes and languages, and at phone width. Entering a project or an
  // organisation replaces the session, so each browser goes on with the one before it.
  let state = await page.context().storageState();
  await page.context().close();
  for (const [suffix, lang, opts] of [
    ['de-dark', 'de', { colorScheme: 'dark' }],
    ['de-light-phone', 'de', { viewport: { width: 390, height: 844 } }],
    ['en-dark-phone', 'en', { colorScheme: 'dark', viewport: { width: 390, height: 844 } }],
  ]) {
    const other = await newPage(browser, { ...opts, storageState: state });
    await goto(other, `/projects/${projectId}/map?tree=${tree.id}`);
    await other.getByTestId('map-tree-card').waitFor();
    await pickMenu(other, 'language-menu', `language-${lang}`);
    await other.getByTestId('tree-tab-images').click();
    await other.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="gallery-thumb"]')].some((i) => i.complete && i.naturalWidth > 0),
    );
    await shot(other, `files-gallery-${suffix}`, { fullPage: false });
    await other.getByTestId('gallery-item').first().click();
    await other.waitForFunction(() => {
      const i = document.querySelector('[data-testid="lightbox-image"]');
      return i && i.complete && i.naturalWidth > 0;
    });
    await shot(other, `files-lightbox-${suffix}`, { fullPage: false });
    await other.keyboard.press('Escape');
    await other.getByTestId('tree-tab-documents').click();
    await other.getByTestId('document-row').waitFor();
    await shot(other, `files-documents-${suffix}`, { fullPage: false });
    await goto(other, `/organisations/${orgId}/documents`);
    await other.getByTestId('storage-meter').waitFor();
    await shot(other, `files-organisation-${suffix}`, { fullPage: false });
    state = await other.context().storageState();
    await other.context().close();
  }
  page = await newPage(browser, { storageState: state });

  // The storage moved; deleting the PDF through the modal moves it back by the PDF's size.
  const used = await storageUsed(page, orgId);
  assert(used > PDF.length, `after the uploads ${used} bytes of the storage are in use`);
  await shot(page, 'files-organisation-en-light', { fullPage: false });
  await goto(page, `/projects/${projectId}/map?tree=${tree.id}`);
  await page.getByTestId('tree-tab-documents').click();
  await page.getByTestId('document-menu').click();
  await page.getByTestId('document-delete').click();
  const modal = page.getByTestId('delete-document-modal');
  await modal.waitFor();
  assert((await modal.innerText()).includes('Gutachten 2026.pdf'), 'the modal names the file');
  await shot(page, 'files-delete-modal-en-light', { fullPage: false });
  await modal.getByTestId('confirm-button').click();
  await page.getByTestId('documents-empty').waitFor();
  const after = await storageUsed(page, orgId);
  assert(after === used - PDF.length, `after deleting the PDF ${after} bytes in use (was ${used})`);

  // History records the uploads and the deletion.
  const hist = (await apiJSON(page, 'GET', `/api/content/tree-hist${q}&tree=${tree.id}`)).json.items;
  const files = hist.filter((c) => c.entity === 'file').map((c) => c.op);
  assert(files.filter((o) => o === 'insert').length === 3 && files.includes('delete'), `file history ${files}`);
});

test('files: the organisation’s own documents — uploaded, renamed and deleted by its administrator, read by a member', async (browser) => {
  const member = await newUser(browser, 'orgdocs-member', { lastName: 'Ahorn' });
  const { page, orgId, projectId } = await newProject(browser, 'orgdocs', 'Gartenamt', 'Friedhof');
  const invite = await apiJSON(page, 'POST', `/api/management/project/${projectId}/users`, {
    emails: member.email,
    access: 1,
  });
  assert(invite.status === 200 || invite.status === 201, `inviting the member answered ${invite.status}`);
  assert((await acceptInvitations(member.page)) === 1, 'the member was not invited');

  // The administrator adds a PDF: the list shows it and the storage counts it.
  const documents = page.getByTestId('organisation-documents');
  assert((await storageUsed(page, orgId)) === 0, 'a new organisation uses storage');
  await documents.getByTestId('documents-empty').waitFor();
  await documents.locator('input[type="file"]').setInputFiles({
    name: 'Baumschutzsatzung.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await documents.locator('[data-testid="document-row"][data-name="Baumschutzsatzung.pdf"]').waitFor();
  assert((await storageUsed(page, orgId)) === PDF.length, 'the storage does not count the PDF');

  // Renamed through the edit modal; the extension stays.
  await documents.getByTestId('document-menu').click();
  await page.getByTestId('document-rename').click();
  const name = page.getByTestId('document-name-input');
  await name.fill('Satzung 2026');
  await page.getByTestId('document-save').click();
  await documents.locator('[data-testid="document-row"][data-name="Satzung 2026.pdf"]').waitFor();
  await shot(page, 'files-organisation-documents-en-light', { fullPage: false });

  // A member of a project reads and downloads it, but has nothing to add, rename or delete.
  const mp = member.page;
  await goto(mp, `/organisations/${orgId}/documents`);
  const theirs = mp.getByTestId('organisation-documents');
  await theirs.locator('[data-testid="document-row"][data-name="Satzung 2026.pdf"]').waitFor();
  assert((await theirs.getByTestId('upload-org-documents').count()) === 0, 'a member may upload');
  const [download] = await Promise.all([mp.waitForEvent('download'), theirs.getByTestId('document-download').click()]);
  assert(download.suggestedFilename() === 'Satzung 2026.pdf', `the member downloaded ${download.suggestedFilename()}`);
  await theirs.getByTestId('document-menu').click();
  await mp.getByRole('menuitem', { name: /Download/ }).waitFor();
  assert((await mp.getByTestId('document-rename').count()) === 0, 'a member may rename');
  assert((await mp.getByTestId('document-delete').count()) === 0, 'a member may delete');
  await mp.keyboard.press('Escape');
  await pickMenu(mp, 'language-menu', 'language-de');
  await pickMenu(mp, 'theme-menu', 'theme-dark');
  await shot(mp, 'files-organisation-documents-de-dark-member', { fullPage: false });
  await pickMenu(mp, 'language-menu', 'language-en');
  await pickMenu(mp, 'theme-menu', 'theme-light');

  // Deleting asks first and gives the space back.
  await documents.getByTestId('document-menu').click();
  await page.getByTestId('document-delete').click();
  const modal = page.getByTestId('delete-document-modal');
  await modal.waitFor();
  assert((await modal.innerText()).includes('Satzung 2026.pdf'), 'the modal names the file');
  await modal.getByTestId('confirm-button').click();
  await documents.getByTestId('documents-empty').waitFor();
  assert((await storageUsed(page, orgId)) === 0, 'deleting the PDF did not free its space');
});
