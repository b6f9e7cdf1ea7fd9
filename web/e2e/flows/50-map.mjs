// The map: tiles, themes and legend, draw tools, undo and redo, selection, bad geometry.
import {
  BASE,
  test,
  assert,
  shot,
  see,
  waitPath,
  pickMenu,
  choose,
  apiJSON,
  mapReady,
  waitTreeCount,
  mapPixel,
  waitTreeAt,
  mapAtCurrentRevision,
  selectOnMap,
  noPageErrors,
  newProject,
} from '../lib.mjs';

test('map: trees from tiles, themes and legend, draw, undo, redo, polygon selection, bad geometry', async (browser) => {
  const { page, projectId } = await newProject(browser, 'map', 'Grünflächenamt', 'Stadtpark');
  const q = `?project=${projectId}`;

  // Three trees and a group through the API; A and B close together, C further east.
  const A = [9.43, 54.78];
  const B = [9.4306, 54.7803];
  const C = [9.4332, 54.7811];
  for (const [i, [lon, lat], vitality] of [
    [1, A, 0],
    [2, B, 2],
    [3, C, 3],
  ]) {
    const r = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
      geom: { type: 'Point', coordinates: [lon, lat] },
      number: i,
      vitality,
    });
    assert(r.status === 201, `creating tree ${i} answered ${r.status}: ${JSON.stringify(r.json)}`);
  }
  const group = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
    geom: {
      type: 'Polygon',
      coordinates: [
        [
          [9.4312, 54.7794],
          [9.4326, 54.7794],
          [9.4326, 54.7802],
          [9.4312, 54.7802],
          [9.4312, 54.7794],
        ],
      ],
    },
    number: 10,
    tree_count: 14,
    vitality: 1,
  });
  assert(group.status === 201, `creating the group answered ${group.status}: ${JSON.stringify(group.json)}`);

  // The project page links to the map; the map shows the trees from the vector tiles.
  await page.getByTestId('project-map').click();
  await waitPath(page, `/projects/${projectId}/map`);
  await page.getByTestId('map-panel').waitFor();
  await mapReady(page);
  await waitTreeCount(page, 3);
  const groups = await page.evaluate(() => window.__map.queryRenderedFeatures({ layers: ['groups-fill'] }).length);
  assert(groups >= 1, 'the group is not drawn');
  // The style came from the server; MapLibre loaded its sources from the TileJSON.
  const src = await page.evaluate(() => window.__map.getStyle().sources.trees.url);
  assert(src.includes(`/api/tiles/${projectId}/trees.json`), `trees source ${src}`);

  // The view fitted to the project's trees, to come back to.
  const fitted = await page.evaluate(() => ({
    center: window.__map.getCenter().toArray(),
    zoom: window.__map.getZoom(),
  }));
  /** Closes the info window a drawn object opened, and goes back to the fitted view. */
  const closeCard = async () => {
    await page.getByTestId('map-tree-card').waitFor();
    await page.waitForTimeout(800);
    await page.getByTestId('tree-close').click();
    await page.waitForURL((u) => !u.search.includes('tree='));
    await page.evaluate((v) => window.__map.jumpTo(v), fitted);
    await mapReady(page);
  };

  // Below zoom 14 the trees come as a grid of counts.
  await page.evaluate(() => window.__map.jumpTo({ zoom: 12.5 }));
  await mapReady(page);
  await page.waitForFunction(
    () => window.__map.queryRenderedFeatures({ layers: ['trees-grid'] }).some((f) => f.properties.count >= 1),
    null,
    { timeout: 10000 },
  );
  assert(
    (await page.evaluate(() => window.__map.queryRenderedFeatures({ layers: ['trees'] }).length)) === 0,
    'single trees are drawn below zoom 14',
  );

  // Tree numbers from zoom 17.
  await page.evaluate(() => window.__map.jumpTo({ zoom: 17.6 }));
  await mapReady(page);
  await page
    .waitForFunction(() => window.__map.queryRenderedFeatures({ layers: ['trees-label'] }).length >= 2, null, {
      timeout: 10000,
    })
    .catch(async () => {
      const info = await page.evaluate(() => ({
        zoom: window.__map.getZoom(),
        labels: window.__map.queryRenderedFeatures({ layers: ['trees-label'] }).length,
      }));
      throw new Error(`tree numbers are not drawn: ${JSON.stringify(info)}`);
    });
  await shot(page, 'map-labels-en-light', { fullPage: false });
  await page.evaluate((v) => window.__map.jumpTo(v), fitted);
  await mapReady(page);

  // The legend is the style's: safety first, then vitality after a theme switch.
  const legend = page.getByTestId('map-legend');
  await legend.waitFor();
  assert((await legend.getAttribute('data-theme')) === 'safety', 'the first theme is not safety');
  await see(page, 'Not safe');
  const safetyEntries = await page.getByTestId('map-legend-entry').allTextContents();
  // A tree the works leave safe is not "safe" unless inspected: the legend names the two others.
  assert(
    safetyEntries.join('|') === 'Safe|Inspection overdue|Not assessed|Doubtful|Restorable|Not safe',
    `safety legend ${safetyEntries.join('|')}`,
  );
  await page.getByTestId('map-settings').click();
  await choose(page, 'map-theme', 'Vitality');
  await page.locator('[data-testid="map-legend"][data-theme="vitality"]').waitFor();
  const vitalityEntries = await page.getByTestId('map-legend-entry').allTextContents();
  assert(
    vitalityEntries.join() === 'Vital,Slightly weakened,Severely weakened,Dying,Dead',
    `vitality legend ${vitalityEntries.join()}`,
  );
  assert(safetyEntries.join() !== vitalityEntries.join(), 'the legend did not change with the theme');
  // The map's colours changed with it: the colour expression now reads vitality.
  const paint = await page.evaluate(() => JSON.stringify(window.__map.getPaintProperty('trees', 'circle-color')));
  assert(paint.includes('vitality'), `tree colours ${paint}`);
  await page.keyboard.press('Escape');
  await page
    .getByTestId('map-settings-panel')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
  await mapReady(page);
  await shot(page, 'map-en-light', { fullPage: false });

  // Draw a tree west of A: saved, drawn, there after a reload.
  const D = [9.4291, 54.7806];
  await page.getByTestId('map-tool-tree').click();
  await page.getByTestId('map-hint').waitFor();
  const created = page.waitForResponse(
    (r) => r.url().includes('/api/content/tree?') && r.request().method() === 'POST',
  );
  const dPx = await mapPixel(page, D);
  await page.mouse.click(dPx.x, dPx.y);
  const createdRes = await created;
  assert(createdRes.status() === 201, `saving the drawn tree answered ${createdRes.status()}`);
  const drawnId = (await createdRes.json()).id;
  await see(page, 'The tree has been saved.');
  // The new tree opened in the info window beside the map, which may have panned to keep it in
  // view; close it and go back to the fitted view.
  await page.waitForURL((u) => u.search.includes(`tree=${drawnId}`));
  await closeCard();
  await waitTreeCount(page, 4);
  assert(
    (await apiJSON(page, 'GET', `/api/content/tree/${drawnId}${q}`)).status === 200,
    'the drawn tree is not saved',
  );

  // Undo deletes it, redo brings it back with the same id.
  await page.getByTestId('map-undo').click();
  await waitTreeCount(page, 3);
  assert((await apiJSON(page, 'GET', `/api/content/tree/${drawnId}${q}`)).status === 404, 'undo left the tree');
  await page.getByTestId('map-redo').click();
  await waitTreeCount(page, 4);
  assert(
    (await apiJSON(page, 'GET', `/api/content/tree/${drawnId}${q}`)).status === 200,
    'redo did not restore the tree',
  );

  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByTestId('map-panel').waitFor();
  await mapReady(page);
  await waitTreeCount(page, 4);
  // The display settings were remembered.
  assert(
    (await page.getByTestId('map-legend').getAttribute('data-theme')) === 'vitality',
    'the theme was not remembered',
  );

  // A polygon around A and B selects exactly those two.
  await page.getByTestId('map-tool-select').click();
  const a = await mapPixel(page, A);
  const b = await mapPixel(page, B);
  await selectOnMap(page, [
    Math.min(a.x, b.x) - 25,
    Math.min(a.y, b.y) - 25,
    Math.max(a.x, b.x) + 25,
    Math.max(a.y, b.y) + 25,
  ]);
  const selection = page.getByTestId('map-selection');
  await selection.waitFor();
  await see(page, '2 selected');
  assert((await selection.getAttribute('data-count')) === '2', 'the selection is not 2 trees');
  await shot(page, 'map-selection-en-light', { fullPage: false });
  await page.getByTestId('map-selection-clear').click();

  // Bad input: a self-intersecting group shows a message on the map and saves nothing.
  let posts = 0;
  const countPosts = (r) => {
    if (r.url().includes('/api/content/tree?') && r.method() === 'POST') posts++;
  };
  page.on('request', countPosts);
  await page.getByTestId('map-tool-group').click();
  const box = await page.getByTestId('map-canvas').boundingBox();
  const cx = box.x + box.width * 0.5;
  const cy = box.y + box.height * 0.78;
  for (const [x, y] of [
    [cx - 60, cy - 40],
    [cx + 60, cy + 40],
    [cx + 60, cy - 40],
    [cx - 60, cy + 40],
  ]) {
    await page.mouse.click(x, y);
    await page.waitForTimeout(120);
  }
  await page.mouse.click(cx - 60, cy + 40);
  await page.locator('[data-testid="map-message"][data-color="red"]').waitFor();
  await see(page, 'The polygon intersects itself. Nothing was saved.');
  await page.waitForTimeout(300);
  page.off('request', countPosts);
  assert(posts === 0, `a self-intersecting polygon was sent ${posts} times`);
  await shot(page, 'map-invalid-polygon-en-light', { fullPage: false });

  // A new group: its area shows while drawing, then it is saved.
  await page.getByTestId('map-tool-group').click();
  for (const [x, y] of [
    [cx - 70, cy - 35],
    [cx + 70, cy - 35],
    [cx + 70, cy + 35],
  ]) {
    await page.mouse.click(x, y);
    await page.waitForTimeout(120);
  }
  await page.mouse.move(cx - 70, cy + 30, { steps: 4 });
  await page.getByTestId('map-area').waitFor();
  const areaText = await page.getByTestId('map-area').textContent();
  assert(/Area [\d,.]+ (m²|ha)/.test(areaText), `live area ${areaText}`);
  await shot(page, 'map-group-area-en-light', { fullPage: false });
  const groupSaved = page.waitForResponse(
    (r) => r.url().includes('/api/content/tree?') && r.request().method() === 'POST',
  );
  await page.mouse.click(cx - 70, cy + 35);
  await page.waitForTimeout(120);
  await page.mouse.click(cx - 70, cy + 35);
  const groupRes = await groupSaved;
  assert(groupRes.status() === 201, `saving the drawn group answered ${groupRes.status()}: ${await groupRes.text()}`);
  await see(page, 'The group has been saved.');
  await closeCard();

  // A point work inside the first group; undo removes it again.
  await page.getByTestId('map-tool-work').click();
  await page.getByTestId('map-work-entry').waitFor();
  const workSaved = page.waitForResponse(
    (r) => r.url().includes('/api/content/action?') && r.request().method() === 'POST',
  );
  const inGroup = await mapPixel(page, [9.4322, 54.7799]);
  await page.mouse.click(inGroup.x, inGroup.y);
  const workRes = await workSaved;
  assert(workRes.status() === 201, `saving the work answered ${workRes.status()}: ${await workRes.text()}`);
  await see(page, 'The work has been saved.');
  await page.waitForFunction(() => window.__map.queryRenderedFeatures({ layers: ['works'] }).length >= 1, null, {
    timeout: 15000,
  });
  const workDeleted = page.waitForResponse(
    (r) => r.url().includes('/api/content/action/') && r.request().method() === 'DELETE',
  );
  await page.getByTestId('map-undo').click();
  assert((await workDeleted).status() === 204, 'undoing the work did not delete it');

  // Move a tree: edit mode, pick tree A, drag it; undo puts it back. The undo above moved the
  // revision: wait until the map draws the new tiles and tree A on them.
  await mapAtCurrentRevision(page, projectId);
  await waitTreeAt(page, A);
  // Folded, the legend cannot lie over tree A.
  if (await page.getByTestId('map-legend-entry').first().isVisible())
    await page.getByTestId('map-legend-toggle').click();
  await page.getByTestId('map-tool-edit').click();
  const aPx = await mapPixel(page, A);
  await page.mouse.click(aPx.x, aPx.y);
  await page.waitForFunction(
    () => window.__map.getSource('mapbox-gl-draw-hot') || window.__map.getSource('mapbox-gl-draw-cold'),
  );
  await page.waitForTimeout(400);
  const moved = page.waitForResponse((r) => r.url().includes('/api/content/tree/') && r.request().method() === 'PUT');
  await page.mouse.move(aPx.x, aPx.y);
  await page.mouse.down();
  await page.mouse.move(aPx.x + 30, aPx.y + 20, { steps: 6 });
  await page.mouse.up();
  const movedRes = await moved;
  assert(movedRes.status() === 200, `moving the tree answered ${movedRes.status()}: ${await movedRes.text()}`);
  const movedTo = (await movedRes.json()).geom.coordinates;
  assert(Math.abs(movedTo[0] - A[0]) > 1e-5, `the tree did not move: ${movedTo}`);
  await see(page, 'The new position has been saved.');
  const movedBack = page.waitForResponse(
    (r) => r.url().includes('/api/content/tree/') && r.request().method() === 'PUT',
  );
  await page.getByTestId('map-undo').click();
  const backTo = (await (await movedBack).json()).geom.coordinates;
  assert(Math.abs(backTo[0] - A[0]) < 1e-7 && Math.abs(backTo[1] - A[1]) < 1e-7, `undo moved the tree to ${backTo}`);
  await page.getByTestId('map-tool-browse').click();

  // Clicking a tree opens it (?tree=<uuid>). The undo moved the project's revision, so the map
  // reloads its tiles: wait until tree C is drawn again before clicking it.
  await mapAtCurrentRevision(page, projectId);
  await waitTreeAt(page, C);
  // The map ignores the click of the mouseup that ends a drawing or a drag (MapView: lastDrawn,
  // 150 ms), so that it does not open what lies below; a person's next click is taken.
  await page.waitForTimeout(200);
  assert(!new URL(page.url()).search.includes('tree='), `a tree is open already: ${page.url()}`);
  const cPx = await mapPixel(page, C);
  const atC = await page.evaluate(([lon, lat]) => {
    const p = window.__map.project([lon, lat]);
    return window.__map
      .queryRenderedFeatures(
        [
          [p.x - 5, p.y - 5],
          [p.x + 5, p.y + 5],
        ],
        {},
      )
      .map((f) => `${f.layer.id}:${f.id}`);
  }, C);
  await page.mouse.click(cPx.x, cPx.y);
  await page
    .waitForURL((u) => /tree=[0-9a-f-]{36}/.test(u.search))
    .catch(async (e) => {
      await shot(page, 'map-click-failed-en-light', { fullPage: false });
      throw new Error(`clicking tree C at ${JSON.stringify(cPx)} (${atC.join()}) opened nothing: ${e.message}`);
    });
  const card = page.getByTestId('map-tree-card');
  await card.waitFor();
  await page
    .getByTestId('map-tree-number')
    .getByText('No. 3')
    .waitFor()
    .catch(async () => {
      throw new Error(`clicking tree C at ${JSON.stringify(cPx)} (${atC.join()}) opened ${await card.textContent()}`);
    });

  if (!(await page.getByTestId('map-legend-entry').first().isVisible()))
    await page.getByTestId('map-legend-toggle').click();
  // German and dark: the legend in German from the dark style.
  await pickMenu(page, 'language-menu', 'language-de');
  await pickMenu(page, 'theme-menu', 'theme-dark');
  await page.locator('[data-testid="map-panel"][data-scheme="dark"]').waitFor();
  await see(page, 'Stark geschwächt');
  await page.waitForFunction(
    () => window.__map.getPaintProperty('background', 'background-color') !== '#eef1ec',
    null,
    { timeout: 10000 },
  );
  await mapReady(page);
  await shot(page, 'map-de-dark', { fullPage: false });
  await page.getByTestId('map-settings').click();
  await choose(page, 'map-theme', 'Verkehrssicherheit');
  await page.locator('[data-testid="map-legend"][data-theme="safety"]').waitFor();
  await see(page, 'Nicht verkehrssicher');
  await page.keyboard.press('Escape');
  await mapReady(page);
  await shot(page, 'map-safety-de-dark', { fullPage: false });

  // The project's basemap (XYZ) lies under the data; "none" gives the plain background again.
  await page.context().route('https://tiles.example.test/**', (route) =>
    route.fulfill({
      contentType: 'image/png',
      body: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO4++wqVsQwtCQA3oimAUiwzqIAAAAASUVORK5CYII=',
        'base64',
      ),
    }),
  );
  const bm = await apiJSON(page, 'POST', `/api/management/project/${projectId}/basemaps`, {
    name: 'Stadtplan',
    type: 'xyz',
    url: 'https://tiles.example.test/{z}/{x}/{y}.png',
  });
  assert(bm.status === 201, `adding a basemap answered ${bm.status}: ${JSON.stringify(bm.json)}`);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByTestId('map-panel').waitFor();
  await page.waitForFunction(() => window.__map?.getStyle()?.layers?.[1]?.id === 'basemap', null, { timeout: 15000 });
  await mapReady(page);
  await waitTreeCount(page, 4);
  await page.getByTestId('map-settings').click();
  await choose(page, 'map-basemap', 'Keine (schlichter Hintergrund)');
  await page.waitForFunction(() => !window.__map.getLayer('basemap'));
  await page.keyboard.press('Escape');

  // Locate me: the map flies to the browser's position.
  await page.context().grantPermissions(['geolocation'], { origin: BASE });
  await page.context().setGeolocation({ latitude: 54.79, longitude: 9.44 });
  await page.getByTestId('map-locate').click();
  await page.waitForFunction(
    () => {
      const c = window.__map.getCenter();
      return Math.abs(c.lng - 9.44) < 1e-4 && Math.abs(c.lat - 54.79) < 1e-4 && !window.__map.isMoving();
    },
    null,
    { timeout: 15000 },
  );

  noPageErrors(page);
  await page.context().close();
});
