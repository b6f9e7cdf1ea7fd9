// The organisation's own background data (the add-on, docs/API.md "Background maps"): an
// administrator uploads a PMTiles archive of raster tiles (a file that is none is refused with a
// message), adds it to a project's basemaps in the map settings, and the map draws its tiles,
// which the server answers from the archive; deleting it asks first and removes it everywhere.
import zlib from 'node:zlib';
import { test, assert, shot, newUser, createOrganisation, createProject, goto, pickMenu, mapReady } from '../lib.mjs';

// The tiles' colour: a terracotta no map of the app draws by itself.
const COLOUR = [214, 96, 77];

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A 256 × 256 PNG of one colour. */
function solidPNG([r, g, b]) {
  const row = Buffer.alloc(1 + 256 * 3);
  for (let x = 0; x < 256; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: 256 }, () => row));
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(256, 0);
  ihdr.writeUInt32BE(256, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const varint = (n) => {
  const out = [];
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
  return Buffer.from(out);
};

/**
 * A PMTiles v3 archive whose one tile is every tile of zoom 0 to 15: one directory entry from
 * tile id 0 with a run as long as all of them.
 */
function rasterPMTiles() {
  const tile = solidPNG(COLOUR);
  const run = (4 ** 16 - 1) / 3;
  const dir = Buffer.concat([varint(1), varint(0), varint(run), varint(tile.length), varint(1)]);
  const meta = Buffer.from(JSON.stringify({ name: 'Testkarte', attribution: '© Vermessung Test' }));
  const h = Buffer.alloc(127);
  h.write('PMTiles', 0, 'ascii');
  h[7] = 3;
  const u64 = (at, v) => h.writeBigUInt64LE(BigInt(v), at);
  u64(8, 127);
  u64(16, dir.length);
  u64(24, 127 + dir.length);
  u64(32, meta.length);
  u64(40, 127 + dir.length + meta.length);
  u64(48, 0);
  u64(56, 127 + dir.length + meta.length);
  u64(64, tile.length);
  u64(72, run);
  u64(80, 1);
  u64(88, 1);
  h.set([0, 1, 1, 2, 0, 15], 96); // not clustered, no compression, PNG, zoom 0–15
  h.writeInt32LE(-1800000000, 102);
  h.writeInt32LE(-850511290, 106);
  h.writeInt32LE(1800000000, 110);
  h.writeInt32LE(850511290, 114);
  return Buffer.concat([h, dir, meta, tile]);
}

/** The colour the page shows at a point of the map (from a screenshot, read in the page). */
async function colourAt(page, x, y) {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 } });
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = c.height = 1;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  }, png.toString('base64'));
}

test('background data: an uploaded PMTiles archive appears as a basemap', async (browser) => {
  const { page } = await newUser(browser, 'bgdata');
  await page.setViewportSize({ width: 1440, height: 900 });
  const orgId = await createOrganisation(page, `Vermessungsamt ${Date.now().toString(36)}`);
  const projectId = await createProject(page, orgId, 'Stadtpark');
  await goto(page, `/organisations/${orgId}/organisation`);
  const section = page.getByTestId('background-maps');
  await section.getByTestId('background-maps-empty').waitFor();
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'background-maps-empty-en-light', { fullPage: false });

  // A file that is no archive: refused with what to do.
  const input = section.locator('input[type="file"]');
  await input.setInputFiles({
    name: 'karte.pmtiles',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('no tiles here'),
  });
  await section
    .getByTestId('background-map-error')
    .getByText('neither a PMTiles archive (version 3) nor an MBTiles file')
    .waitFor();
  await shot(page, 'background-maps-refused-en-light', { fullPage: false });

  // The archive: named, uploaded, listed.
  await section.getByTestId('background-map-name').fill('Luftbild Test');
  await input.setInputFiles({
    name: 'luftbild.pmtiles',
    mimeType: 'application/octet-stream',
    buffer: rasterPMTiles(),
  });
  const row = section.locator('[data-testid="background-map-row"][data-name="Luftbild Test"]');
  await row.waitFor();
  await row.getByText('Zoom 0–15').waitFor();
  await section.getByTestId('background-map-error').waitFor({ state: 'detached' });
  await shot(page, 'background-maps-en-light', { fullPage: false });

  // The project's map settings offer it; added, it is the project's basemap.
  await goto(page, `/projects/${projectId}/settings/map-settings`);
  await page.getByTestId('basemaps-section').waitFor();
  await page.getByTestId('basemap-own').click();
  await page.locator('[data-testid="basemap-own-item"][data-name="Luftbild Test"]').click();
  await page.locator('[data-testid="basemap-row"][data-name="Luftbild Test"]').waitFor();
  await shot(page, 'background-map-in-settings-en-light', { fullPage: false });

  // The map draws it: its tiles come from the server, answered 200, and the map shows their colour.
  const tiles = [];
  page.on('response', (r) => {
    if (r.url().includes(`/api/background/${projectId}/`) && r.url().endsWith('.png')) tiles.push(r.status());
  });
  await goto(page, `/projects/${projectId}/map`);
  await page.getByTestId('map-panel').waitFor();
  await page.waitForFunction(() => !!window.__map?.getLayer('basemap'), null, { timeout: 15000 });
  await mapReady(page);
  const url = await page.evaluate(() => window.__map.getSource('basemap').url);
  assert(url.includes(`/api/background/${projectId}/`) && url.endsWith('/tiles.json'), `source ${url}`);
  for (let i = 0; i < 50 && !tiles.includes(200); i++) await page.waitForTimeout(100);
  assert(tiles.length > 0 && tiles.every((s) => s === 200), `tile answers ${JSON.stringify(tiles)}`);
  // Some points of the map (one may lie under a panel or a control) show the archive's colour.
  const box = await page.getByTestId('map-canvas').boundingBox();
  const seen = [];
  for (const [fx, fy] of [
    [0.5, 0.5],
    [0.3, 0.7],
    [0.7, 0.3],
    [0.4, 0.25],
  ]) {
    seen.push(await colourAt(page, Math.round(box.x + box.width * fx), Math.round(box.y + box.height * fy)));
  }
  assert(
    seen.some(
      ([r, g, b]) => Math.abs(r - COLOUR[0]) < 12 && Math.abs(g - COLOUR[1]) < 12 && Math.abs(b - COLOUR[2]) < 12,
    ),
    `the map shows ${JSON.stringify(seen)} where the background map is ${COLOUR}`,
  );
  await shot(page, 'background-map-on-map-en-light', { fullPage: false });

  // German, dark, a phone.
  await pickMenu(page, 'language-menu', 'language-de');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await mapReady(page);
  await shot(page, 'background-map-on-map-de-dark', { fullPage: false });
  await goto(page, `/organisations/${orgId}/organisation`);
  await page.getByText('Hintergrundkarten').first().waitFor();
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'background-maps-de-dark', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'background-maps-de-dark-phone', { fullPage: false });
  await goto(page, `/projects/${projectId}/map`);
  await page.waitForFunction(() => !!window.__map?.getLayer('basemap'), null, { timeout: 15000 });
  await mapReady(page);
  await shot(page, 'background-map-on-map-de-dark-phone', { fullPage: false });
  await pickMenu(page, 'language-menu', 'language-en');
  await pickMenu(page, 'theme-menu', 'theme-light');
  await goto(page, `/organisations/${orgId}/organisation`);
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'background-maps-en-light-phone', { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Deleting asks first, says where it is used, and removes it from the project too.
  await row.getByTestId('delete-background-map').click();
  const modal = page.getByTestId('delete-background-map-modal');
  await modal.getByText('disappears as a basemap from 1 project').waitFor();
  await shot(page, 'background-map-delete-en-light', { fullPage: false });
  await modal.getByRole('button', { name: 'Delete background map' }).click();
  await section.getByTestId('background-maps-empty').waitFor();
  const settings = await page.evaluate(
    async (p) =>
      (await fetch(`/api/management/project/${p}/settings`, { headers: { Accept: 'application/json' } })).json(),
    projectId,
  );
  assert(settings.basemaps.length === 0, `basemaps after the delete: ${JSON.stringify(settings.basemaps)}`);
  await page.close();
});
