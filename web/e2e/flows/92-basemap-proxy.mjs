// A protected WMS basemap (a map service of the flow's own behind basic auth) is loaded through
// the server's basemap proxy: with a wrong password the map says to check username and password,
// a manager enters the right one in the protected map service log-in, and the map then draws the
// service's images — the browser never asks the service itself nor sees the password.
import http from 'node:http';
import { test, assert, shot, newProject, goto, pickMenu, apiJSON } from '../lib.mjs';

// A small PNG (the one the map flow's XYZ basemap draws).
const GREEN = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO4++wqVsQwtCQA3oimAUiwzqIAAAAASUVORK5CYII=',
  'base64',
);

function protectedWMS() {
  const seen = { ok: 0, refused: 0, params: [] };
  const server = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    if (auth !== 'Basic ' + Buffer.from('gis:wms-pass').toString('base64')) {
      seen.refused++;
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="wms"' }).end('login needed');
      return;
    }
    seen.ok++;
    seen.params.push(new URL(req.url, 'http://x').searchParams.get('REQUEST'));
    if (/GetCapabilities/i.test(req.url)) {
      res.writeHead(200, { 'Content-Type': 'text/xml' }).end('<WMS_Capabilities version="1.3.0"/>');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(GREEN);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, seen })));
}

/**
 * A new manager's project (newProject's tag, organisation, project) with a basemap of a service
 * (the body of its POST), its map open; `direct` collects what the browser asks the service
 * itself (it should ask nothing).
 */
async function mapWithBasemap(browser, [tag, organisation, project], basemap) {
  const { page, projectId } = await newProject(browser, tag, organisation, project);
  const service = new URL(basemap.url).origin;
  const direct = [];
  page.on('request', (r) => r.url().startsWith(service) && direct.push(r.url()));
  const bm = await apiJSON(page, 'POST', `/api/management/project/${projectId}/basemaps`, basemap);
  assert(bm.status === 201, `adding the basemap answered ${bm.status}: ${JSON.stringify(bm.json)}`);
  await goto(page, `/projects/${projectId}/map`);
  return { page, projectId, bm, direct };
}

test('basemap proxy: a protected WMS appears on the map after the manager logs in to it', async (browser) => {
  const { server, seen } = await protectedWMS();
  const service = `http://127.0.0.1:${server.address().port}`;
  try {
    const { page, projectId, bm, direct } = await mapWithBasemap(browser, ['bmproxy', 'Vermessungsamt', 'Luftbild'], {
      name: 'Stadtkarte (geschützt)',
      type: 'wms',
      url: `${service}/wms`,
      layers: 'stadtkarte',
      username: 'gis',
      password: 'wrong',
    });
    const problem = page.locator('[data-testid="basemap-problem"][data-code="map_service_login"]');
    await problem.waitFor();
    await problem.getByText('check username and password of a protected service').waitFor();
    await shot(page, 'basemap-login-problem-en-light', { fullPage: false });
    await page.getByTestId('basemap-login-open').click();
    const form = page.getByTestId('basemap-login-form');
    await form.waitFor();
    await shot(page, 'basemap-login-en-light', { fullPage: false });
    await form.locator('input[name="basemap_login_password"]').fill('wms-pass');
    await page.getByTestId('basemap-login-submit').click();
    await form.waitFor({ state: 'detached' });
    await problem.waitFor({ state: 'detached' });

    // The map draws the basemap from the proxy's address.
    await page.waitForFunction(() => !!window.__map?.getLayer('basemap'), null, { timeout: 15000 });
    const tiles = await page.evaluate(() => window.__map.getSource('basemap').tiles[0]);
    assert(
      tiles.includes(`/api/management/project/${projectId}/basemaps/`) &&
        !tiles.includes('127.0.0.1:' + server.address().port),
      `tiles ${tiles}`,
    );
    for (let i = 0; i < 100 && !seen.params.includes('GetMap'); i++) await page.waitForTimeout(100);
    assert(
      seen.params.includes('GetMap'),
      `the service got no GetMap with the right password: ${JSON.stringify(seen)}`,
    );
    assert(direct.length === 0, `the browser asked the service itself: ${direct[0]}`);
    const settings = await apiJSON(page, 'GET', `/api/management/project/${projectId}/settings`);
    assert(!JSON.stringify(settings.json).includes('wms-pass'), 'the password was answered');
    await shot(page, 'basemap-proxied-en-light', { fullPage: false });

    // German, dark, a phone: the problem and the log-in again (a wrong password once more).
    await apiJSON(page, 'PUT', `/api/management/project/${projectId}/basemaps/${bm.json.id}`, {
      name: 'Stadtkarte (geschützt)',
      type: 'wms',
      url: `${service}/wms`,
      layers: 'stadtkarte',
      username: 'gis',
      password: 'wrong-again',
      version: bm.json.version + 1,
    });
    await pickMenu(page, 'language-menu', 'language-de');
    await pickMenu(page, 'theme-menu', 'theme-dark');
    await page.reload();
    await problem.getByText('Benutzername und Passwort des geschützten Dienstes').waitFor();
    await shot(page, 'basemap-login-problem-de-dark', { fullPage: false });
    await page.getByTestId('basemap-login-open').click();
    await form.waitFor();
    await shot(page, 'basemap-login-de-dark', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, 'basemap-login-de-dark-phone', { fullPage: false });
    await page.keyboard.press('Escape');
    await shot(page, 'basemap-login-problem-de-dark-phone', { fullPage: false });
    await page.close();
  } finally {
    server.close();
  }
});

// A protected vector style of the flow's own behind basic auth: its style, TileJSON and tiles.
function protectedStyle() {
  const seen = { paths: [], refused: 0 };
  const server = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    if (auth !== 'Basic ' + Buffer.from('gis:style-pass').toString('base64')) {
      seen.refused++;
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="style"' }).end('login needed');
      return;
    }
    const path = new URL(req.url, 'http://x').pathname;
    seen.paths.push(path);
    const host = `http://127.0.0.1:${server.address().port}`;
    const json = (v) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(v));
    if (path === '/styles/town.json')
      return json({
        version: 8,
        sources: { town: { type: 'vector', url: `${host}/tiles/town.json` } },
        glyphs: `${host}/fonts/{fontstack}/{range}.pbf`,
        layers: [
          { id: 'land', type: 'background', paint: { 'background-color': '#d9ead3' } },
          { id: 'water', type: 'fill', source: 'town', 'source-layer': 'water', paint: { 'fill-color': '#6fa8dc' } },
        ],
      });
    if (path === '/tiles/town.json')
      return json({ tilejson: '3.0.0', tiles: [`${host}/tiles/{z}/{x}/{y}.pbf`], minzoom: 0, maxzoom: 14 });
    if (/^\/tiles\/\d+\/\d+\/\d+\.pbf$/.test(path)) {
      res.writeHead(200, { 'Content-Type': 'application/x-protobuf' }).end(Buffer.alloc(0)); // an empty tile
      return;
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, seen })));
}

test('basemap proxy: a protected vector style is drawn from the proxy, its tiles too', async (browser) => {
  const { server, seen } = await protectedStyle();
  const service = `http://127.0.0.1:${server.address().port}`;
  try {
    const { page, projectId, bm, direct } = await mapWithBasemap(browser, ['bmvector', 'Stadtwerke', 'Vektorkarte'], {
      name: 'Stadtplan Vektor (geschützt)',
      type: 'vector',
      url: `${service}/styles/town.json`,
      attribution: '© Stadtwerke',
      username: 'gis',
      password: 'style-pass',
    });
    await page.waitForFunction(() => !!window.__map?.getLayer('basemap:water'), null, { timeout: 15000 });
    const source = await page.evaluate(() => window.__map.getSource('basemap:town').url);
    assert(
      source.includes(`/api/management/project/${projectId}/basemaps/${bm.json.id}/vector/tiles/town.json`) &&
        !source.includes(service),
      `source ${source}`,
    );
    for (let i = 0; i < 100 && !seen.paths.some((p) => p.endsWith('.pbf')); i++) await page.waitForTimeout(100);
    assert(
      seen.paths.includes('/styles/town.json') &&
        seen.paths.includes('/tiles/town.json') &&
        seen.paths.some((p) => p.endsWith('.pbf')),
      `the service was not asked for the style, TileJSON and tiles through the proxy: ${JSON.stringify(seen)}`,
    );
    assert(seen.refused === 0, `the service refused ${seen.refused} requests`);
    assert(direct.length === 0, `the browser asked the service itself: ${direct[0]}`);
    await shot(page, 'basemap-vector-proxied-en-light', { fullPage: false });
    await page.close();
  } finally {
    server.close();
  }
});
