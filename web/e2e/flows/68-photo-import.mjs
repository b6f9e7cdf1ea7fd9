// Photos of a walk through the park attached to their trees in one go: one named by its tree's
// number, one by number with a copy suffix, one named by the camera but carrying the place it was
// taken (matched to the nearest tree), one that finds nothing and says why; then imported with
// progress, seen on the trees, and imported again without a photo stored twice. Screenshots
// light and dark, English and German, desktop and phone.
import { test, assert, shot, newProject, goto, apiJSON, newPage, pickMenu, drawPhoto } from '../lib.mjs';

/** jpeg with an EXIF segment saying it was taken at lat N, lon E, as a phone writes it. */
function withPlace(jpeg, lat, lon) {
  const tiff = Buffer.alloc(140);
  tiff.write('MM', 0, 'ascii');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0: one entry, the GPS IFD's offset.
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x8825, 10);
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  tiff.writeUInt32BE(0, 22);
  // GPS IFD at 26: version, latitude ref and value, longitude ref and value.
  let at = 26;
  tiff.writeUInt16BE(5, at);
  at += 2;
  const entry = (tag, type, count, write) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    write(at + 8);
    at += 12;
  };
  entry(0, 1, 4, (o) => tiff.set([2, 2, 0, 0], o));
  entry(1, 2, 2, (o) => tiff.write('N\0', o, 'ascii'));
  entry(2, 5, 3, (o) => tiff.writeUInt32BE(92, o));
  entry(3, 2, 2, (o) => tiff.write('E\0', o, 'ascii'));
  entry(4, 5, 3, (o) => tiff.writeUInt32BE(116, o));
  tiff.writeUInt32BE(0, at);
  const dms = (v, o) => {
    const d = Math.floor(v);
    const m = Math.floor((v - d) * 60);
    const s = Math.round(((v - d) * 60 - m) * 60 * 1000);
    [d, 1, m, 1, s, 1000].forEach((n, i) => tiff.writeUInt32BE(n, o + i * 4));
  };
  dms(lat, 92);
  dms(lon, 116);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const seg = Buffer.from([0xff, 0xe1, 0, 0]);
  seg.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), seg, payload, jpeg.subarray(2)]);
}

test('photo import: a batch of photos matched to trees by number and by place, imported once', async (browser) => {
  let { page, projectId } = await newProject(browser, 'photoimport', 'Grünflächenamt', 'Alter Friedhof');
  const q = `?project=${projectId}`;
  const trees = {};
  for (const [number, lon] of [
    [7, 9.4301],
    [8, 9.431],
    [9, 9.432],
  ]) {
    let created;
    for (let i = 0; i < 3 && created?.status !== 201; i++) {
      await page.waitForLoadState('networkidle');
      created = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
        geom: { type: 'Point', coordinates: [lon, 54.7801] },
        number,
      });
    }
    assert(created.json?.id, `tree ${number} created: ${created.status}`);
    trees[number] = created.json.id;
  }
  const batch = [
    { name: '7.jpg', mimeType: 'image/jpeg', buffer: await drawPhoto(page, 800, 600, 200) },
    { name: 'Baum 8 (2).jpg', mimeType: 'image/jpeg', buffer: await drawPhoto(page, 600, 800, 30) },
    // Taken 3 m north of tree 9.
    {
      name: 'IMG_0001.jpg',
      mimeType: 'image/jpeg',
      buffer: withPlace(await drawPhoto(page, 800, 600, 120), 54.78013, 9.432),
    },
    { name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: await drawPhoto(page, 800, 600, 300) },
  ];

  const runBatch = async (p, name) => {
    await p.getByTestId('data-import-photos').click();
    await p.getByTestId('photo-import-drop').waitFor();
    await p.getByTestId('photo-import-input').setInputFiles(batch);
    await p.waitForFunction(() =>
      /\b4\b/.test(document.querySelector('[data-testid="photo-import-chosen"]')?.textContent ?? ''),
    );
    if (name) await shot(p, `photo-import-choose-${name}`, { fullPage: false });
    await p.getByTestId('photo-import-check').click();
    await p.getByTestId('photo-import-table').waitFor();
    const found = await p.locator('[data-testid="photo-import-row"][data-found="yes"]').count();
    assert(found === 3, `3 of 4 photos found their tree, not ${found}`);
    const why = await p.getByTestId('photo-import-problem').innerText();
    assert(/No tree number|Keine Baumnummer/.test(why), `the camera-named photo without a place says: ${why}`);
    if (name) await shot(p, `photo-import-check-${name}`, { fullPage: false });
    await p.getByTestId('photo-import-start').click();
    await p.getByTestId('photo-import-done').waitFor({ timeout: 30000 });
    if (name) await shot(p, `photo-import-done-${name}`, { fullPage: false });
  };

  await goto(page, `/projects/${projectId}/data`);
  await runBatch(page, 'en-light');
  const doneText = await page.getByTestId('photo-import-done').innerText();
  assert(/3 photos attached to 3 trees/.test(doneText), `done: ${doneText}`);
  await page.getByTestId('photo-import-close').click();

  const names = async (number) => {
    const r = await apiJSON(
      page,
      'GET',
      `/api/document/list?object_type=tree&object_id=${trees[number]}&project=${projectId}`,
    );
    return r.json.documents.map((d) => d.name).sort();
  };
  assert(JSON.stringify(await names(7)) === '["7.jpg"]', `tree 7 has ${await names(7)}`);
  assert(JSON.stringify(await names(8)) === '["Baum 8 (2).jpg"]', `tree 8 has ${await names(8)}`);
  assert(JSON.stringify(await names(9)) === '["IMG_0001.jpg"]', `tree 9 has ${await names(9)}`);

  // The same batch again (a walk imported twice): nothing is stored twice.
  await runBatch(page, '');
  await page.getByTestId('photo-import-close').click();
  assert((await names(9)).length === 1, `after a second import tree 9 has ${await names(9)}`);

  // The photo is on its tree's Images tab.
  await goto(page, `/projects/${projectId}/map?tree=${trees[9]}`);
  await page.getByTestId('map-tree-card').waitFor();
  await page.getByTestId('tree-tab-images').click();
  await page.getByTestId('gallery-item').first().waitFor();

  // Screenshots in the other scheme and language, and at phone width.
  let state = await page.context().storageState();
  await page.context().close();
  for (const [suffix, lang, opts] of [
    ['de-dark', 'de', { colorScheme: 'dark' }],
    ['de-light-phone', 'de', { viewport: { width: 390, height: 844 } }],
  ]) {
    const other = await newPage(browser, { ...opts, storageState: state });
    await goto(other, `/projects/${projectId}/data`);
    await pickMenu(other, 'language-menu', `language-${lang}`);
    await other.getByTestId('data-import-photos').click();
    await other.getByTestId('photo-import-input').setInputFiles(batch);
    await shot(other, `photo-import-choose-${suffix}`, { fullPage: false });
    await other.getByTestId('photo-import-check').click();
    await other.getByTestId('photo-import-table').waitFor();
    const why = await other.getByTestId('photo-import-problem').innerText();
    assert(/Baumnummer/.test(why), `the German reason: ${why}`);
    await shot(other, `photo-import-check-${suffix}`, { fullPage: false });
    state = await other.context().storageState();
    await other.context().close();
  }
  page = await newPage(browser, { storageState: state });
  await page.context().close();
});
