// The map and the data view as an arborist works with them (issue #24, items 5, 6, 7 and 10): an
// open basemap by default (the tests have no network: the trees render without it), presets in
// the project settings, full screen, map and table split and remembered, the filter folded, the
// info window within the map, the page at its top after the dashboard, and a phone without
// sideways scrolling.
import {
  test,
  assert,
  shot,
  newUser,
  newPage,
  login,
  createOrganisation,
  createProject,
  apiJSON,
  goto,
  mapReady,
  waitTreeCount,
  waitTotal,
  pickMenu,
} from '../lib.mjs';

/** Whether two boxes overlap (touching edges do not). */
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The page's width, and the innermost elements that reach past the right edge of a phone. */
async function pageWidth(page) {
  return page.evaluate(() => {
    const w = document.documentElement.scrollWidth;
    if (w <= 390) return { w, wide: [] };
    const wide = [...document.querySelectorAll('body *')]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > 391 &&
          ![...el.children].some((c) => c.getBoundingClientRect().right > 391),
      )
      .slice(0, 6)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}[${el.getAttribute('data-testid') ?? ''}] ${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { w, wide };
  });
}

async function box(page, testId) {
  const b = await page.getByTestId(testId).first().boundingBox();
  assert(b, `${testId} is not shown`);
  return b;
}

test('map layout: basemap presets, full screen, split view, info window, phone', async (browser) => {
  const { page, email } = await newUser(browser, 'layout');
  await page.setViewportSize({ width: 1440, height: 900 });
  const orgId = await createOrganisation(page, `Stadtbäume ${Date.now().toString(36)}`);
  const projectId = await createProject(page, orgId, 'Innenstadt');
  const q = `?project=${projectId}`;
  const ids = [];
  for (let i = 0; i < 6; i++) {
    const r = await apiJSON(page, 'POST', `/api/content/tree${q}`, {
      geom: { type: 'Point', coordinates: [9.435 + (i % 3) * 0.0004, 54.782 + Math.floor(i / 3) * 0.0003] },
      number: i + 1,
    });
    assert(r.status === 201, `tree ${i + 1}: ${r.status} ${JSON.stringify(r.json)}`);
    ids.push(r.json.id);
  }

  // Without a basemap of its own, a project in Germany shows basemap.de; with no network its
  // tiles fail, and the trees are drawn all the same.
  await goto(page, `/projects/${projectId}/data`);
  await page.getByTestId('data-view').waitFor();
  await waitTotal(page, 6);
  await mapReady(page);
  await waitTreeCount(page, 6);
  const panel = page.getByTestId('map-panel');
  assert(
    (await panel.getAttribute('data-basemap')) === 'preset:basemapde-raster',
    `the default basemap is ${await panel.getAttribute('data-basemap')}`,
  );
  const attribution = await page.evaluate(() => window.__map.getSource('basemap')?.attribution ?? '');
  assert(attribution.includes('basemap.de'), `the basemap names no source: ${attribution}`);

  // Map and table share the window's height; the split follows the handle and is kept.
  const split = await box(page, 'data-split');
  assert(split.height >= 680 - 1, `the split is ${JSON.stringify(split)}`);
  const mapBefore = await box(page, 'map-panel');
  const handle = await box(page, 'data-split-handle');
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, handle.y + 120, { steps: 8 });
  await page.mouse.up();
  const mapAfter = await box(page, 'map-panel');
  assert(mapAfter.height > mapBefore.height + 80, `dragging the handle left the map ${mapAfter.height} px high`);
  const kept = await page.getByTestId('data-split').getAttribute('data-split');
  await page.reload();
  await page.getByTestId('data-view').waitFor();
  await mapReady(page);
  assert(
    (await page.getByTestId('data-split').getAttribute('data-split')) === kept,
    'the split was not kept after a reload',
  );
  // The keyboard moves it too.
  await page.getByTestId('data-split-handle').focus();
  await page.keyboard.press('ArrowUp');
  assert(
    Number(await page.getByTestId('data-split').getAttribute('data-split')) < Number(kept),
    'the arrow key did not move the split',
  );

  // The filter folds away and comes back.
  await page.getByTestId('filter-card').getByRole('button', { name: 'Hide filter' }).click();
  await page.getByTestId('filter-card').waitFor({ state: 'detached' });
  const wider = await box(page, 'map-panel');
  assert(wider.width > mapAfter.width + 200, 'the map did not take the room of the folded filter');
  await page.getByTestId('filter-show').click();
  await page.getByTestId('filter-card').waitFor();

  // The info window lies within the map, clear of its buttons and tools, and scrolls inside.
  await page.locator(`[data-testid="data-table"] .ag-row[row-id="${ids[1]}"] [col-id="number"]`).click();
  await page.locator(`[data-testid="map-tree-card"][data-tree="${ids[1]}"]`).waitFor();
  const card = await box(page, 'map-tree-card');
  const mapBox = await box(page, 'map-panel');
  assert(
    card.y + card.height <= mapBox.y + mapBox.height + 1,
    `the info window ${JSON.stringify(card)} runs out of the map ${JSON.stringify(mapBox)}`,
  );
  for (const id of ['map-controls', 'map-tools', 'data-toolbar']) {
    assert(!overlap(card, await box(page, id)), `the info window lies over ${id}`);
  }
  const legendBox = await box(page, 'map-legend');
  assert(!overlap(legendBox, await box(page, 'map-tools')), 'the legend lies over the drawing tools');
  await shot(page, 'layout-data-en-light', { fullPage: false });

  // A row whose tree lies under the legend brings it out from under it.
  const tree3 = [9.435 + 2 * 0.0004, 54.782];
  /** Whether the map stands still with the point under the legend (want true) or clear of it. */
  const legendCovers = ([lng, lat, want]) => {
    const m = window.__map;
    const at = m.project([lng, lat]);
    const canvas = m.getCanvas().getBoundingClientRect();
    const legend = document.querySelector('[data-testid="map-legend"]').getBoundingClientRect();
    const x = canvas.left + at.x;
    const y = canvas.top + at.y;
    const under = x >= legend.left && x <= legend.right && y >= legend.top && y <= legend.bottom;
    return !m.isMoving() && under === want;
  };
  await page.evaluate(([lng, lat]) => {
    const m = window.__map;
    const legend = document.querySelector('[data-testid="map-legend"]').getBoundingClientRect();
    const canvas = m.getCanvas().getBoundingClientRect();
    const at = m.project([lng, lat]);
    const to = { x: legend.left + legend.width / 2 - canvas.left, y: legend.top + legend.height / 2 - canvas.top };
    const middle = m.unproject([canvas.width / 2 + at.x - to.x, canvas.height / 2 + at.y - to.y]);
    m.jumpTo({ center: middle });
  }, tree3);
  assert(await page.evaluate(legendCovers, [...tree3, true]), 'the tree was not moved under the legend');
  await page.locator(`[data-testid="data-table"] .ag-row[row-id="${ids[2]}"] [col-id="number"]`).click();
  await page.locator(`[data-testid="map-tree-card"][data-tree="${ids[2]}"]`).waitFor();
  await page.waitForFunction(legendCovers, [...tree3, false], { timeout: 5000 }).catch(() => {
    throw new Error('the tree stays under the legend after its row was clicked');
  });

  // Full screen: the map takes the window, the info window stays; Escape returns.
  await page.getByTestId('map-fullscreen').click();
  await page.locator('[data-testid="map-panel"][data-fullscreen="true"]').waitFor();
  const full = await box(page, 'map-panel');
  assert(
    full.x === 0 && full.y === 0 && full.width === 1440 && full.height === 900,
    `full screen is ${JSON.stringify(full)}`,
  );
  await page.locator(`[data-testid="map-tree-card"][data-tree="${ids[2]}"]`).waitFor();
  await mapReady(page);
  await shot(page, 'layout-map-fullscreen-en-light', { fullPage: false });
  await page.getByTestId('tree-close').click();
  await page.keyboard.press('Escape');
  await page.locator('[data-testid="map-panel"][data-fullscreen="false"]').waitFor();

  // The map's own choice of basemap: none, then an open map; remembered.
  await page.getByTestId('map-settings').click();
  await page.getByTestId('map-basemap').click();
  await page.getByRole('option', { name: 'None (plain background)' }).click();
  await page.locator('[data-testid="map-panel"][data-basemap=""]').waitFor();
  assert(!(await page.evaluate(() => !!window.__map.getSource('basemap'))), 'the basemap is still drawn');
  await page.getByTestId('map-basemap').click();
  await page.getByRole('option', { name: 'OpenStreetMap' }).click();
  await page.locator('[data-testid="map-panel"][data-basemap="preset:osm"]').waitFor();
  await page.keyboard.press('Escape');
  await waitTreeCount(page, 6);

  // Project settings: an open map from the presets, with its attribution filled in.
  await goto(page, `/projects/${projectId}/settings/map-settings`);
  await page.getByTestId('basemaps-default').waitFor();
  await page.getByTestId('basemap-preset').click();
  await page.getByTestId('basemap-preset-opentopomap').click();
  const form = page.getByTestId('basemap-form');
  assert((await form.locator('input[name="basemap_name"]').inputValue()) === 'OpenTopoMap', 'the preset has no name');
  assert(
    (await form.locator('input[name="basemap_attribution"]').inputValue()).includes('OpenTopoMap'),
    'the preset has no attribution',
  );
  await page.getByTestId('basemap-submit').click();
  await page.locator('[data-testid="basemap-row"][data-name="OpenTopoMap"]').waitFor();
  const settings = await apiJSON(page, 'GET', `/api/management/project/${projectId}/settings`);
  const topo = settings.json.basemaps.find((b) => b.name === 'OpenTopoMap');
  assert(topo?.attribution.includes('OpenTopoMap') && topo.type === 'xyz', `saved ${JSON.stringify(topo)}`);
  await shot(page, 'layout-basemaps-en-light', { fullPage: false });

  // From the dashboard, scrolled down, to the data view: it opens at its top.
  await page.setViewportSize({ width: 390, height: 844 });
  await goto(page, `/projects/${projectId}/dashboard`);
  const segment = page.locator('button[data-testid="segment"]').last();
  await segment.waitFor();
  await segment.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  assert(scrolled > 100, `the dashboard did not scroll (${scrolled})`);
  await segment.click();
  await page.waitForURL((u) => u.pathname === `/projects/${projectId}/data`);
  await page.getByTestId('data-view').waitFor();
  await page.waitForTimeout(300);
  const top = await page.evaluate(() => window.scrollY);
  assert(top === 0, `the data view opened ${top} px down`);

  // A phone: the parts one below the other, the filter on demand, nothing sideways.
  await goto(page, `/projects/${projectId}/data`);
  await page.getByTestId('data-view').waitFor();
  await waitTotal(page, 6);
  await mapReady(page);
  assert((await page.getByTestId('filter-card').count()) === 0, 'the filter takes the phone’s screen at once');
  const phoneMap = await box(page, 'map-panel');
  const phoneTable = await box(page, 'data-table');
  assert(phoneMap.width >= 340 && phoneMap.height >= 300, `the map on a phone is ${JSON.stringify(phoneMap)}`);
  assert(phoneTable.y >= phoneMap.y + phoneMap.height, 'the table is not below the map');
  assert(phoneTable.height >= 300, `the table on a phone is ${phoneTable.height} px high`);
  const zoom = await page.locator('.maplibregl-ctrl-zoom-in').boundingBox();
  assert(zoom && zoom.width >= 28 && zoom.x + zoom.width <= 390, `the zoom button ${JSON.stringify(zoom)}`);
  let width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 390, `the data view is ${width} px wide on a phone`);
  await page.getByTestId('filter-show').click();
  const filterBox = await box(page, 'filter-card');
  assert(
    filterBox.width >= 340 && filterBox.y < phoneMap.y + 400,
    `the filter on a phone ${JSON.stringify(filterBox)}`,
  );
  width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 390, `the data view with its filter is ${width} px wide on a phone`);
  await shot(page, 'layout-data-en-light-phone');
  await goto(page, `/projects/${projectId}/map`);
  await mapReady(page);
  width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 390, `the map page is ${width} px wide on a phone`);
  await shot(page, 'layout-map-en-light-phone', { fullPage: false });

  // German and dark: the info window's tab labels stand apart; desktop and phone.
  const de = await newPage(browser, { locale: 'de-DE', colorScheme: 'dark', viewport: { width: 1440, height: 900 } });
  await goto(de, '/login');
  await login(de, email);
  await de.waitForURL((u) => u.pathname === '/');
  await pickMenu(de, 'language-menu', 'language-de');
  await goto(de, `/projects/${projectId}/data?tree=${ids[0]}`);
  await de.getByTestId('data-view').waitFor();
  await de.locator(`[data-testid="map-tree-card"][data-tree="${ids[0]}"]`).waitFor();
  await mapReady(de);
  // The map fits the objects beside the info window, not behind it.
  await de
    .waitForFunction(
      () => {
        const m = window.__map;
        const card = document.querySelector('[data-testid="map-aside"]');
        if (!m?.loaded() || !card) return false;
        const right = card.getBoundingClientRect().left - m.getCanvas().getBoundingClientRect().left;
        const trees = m.queryRenderedFeatures(
          [
            [0, 0],
            [right, m.getCanvas().clientHeight],
          ],
          { layers: ['trees'] },
        );
        return new Set(trees.map((f) => f.id)).size === 6;
      },
      null,
      { timeout: 10000 },
    )
    .catch(() => {
      throw new Error('the map keeps trees behind the info window');
    });
  const labels = await de.evaluate(() =>
    ['documents', 'history', 'images', 'actions'].map((v) => {
      const tab = document.querySelector(`[data-testid="tree-tab-${v}"]`);
      const text = [...(tab?.querySelectorAll('p') ?? [])].pop() ?? tab;
      const r = text.getBoundingClientRect();
      return { v, x: r.x, y: r.y, width: r.width, height: r.height, text: text.textContent };
    }),
  );
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++)
      assert(!overlap(labels[i], labels[j]), `the tabs ${labels[i].text} and ${labels[j].text} overlap`);
  await shot(de, 'layout-data-de-dark', { fullPage: false });
  await de.setViewportSize({ width: 390, height: 844 });
  await de.waitForTimeout(400);
  // The map made anew for the phone's layout fits the objects again.
  await mapReady(de);
  await waitTreeCount(de, 6);
  const deWidth = await pageWidth(de);
  assert(deWidth.w <= 390, `the German data view is ${deWidth.w} px wide on a phone: ${deWidth.wide.join(', ')}`);
  await shot(de, 'layout-data-de-dark-phone');
  // A selection stands clear of the legend, narrow as the map is.
  await de.getByTestId('select-all').click();
  await de.getByTestId('map-selection').waitFor();
  await de.waitForTimeout(300);
  const chip = await box(de, 'map-selection');
  const phoneLegend = await box(de, 'map-legend');
  assert(
    !overlap(chip, phoneLegend),
    `the selection ${JSON.stringify(chip)} covers the legend ${JSON.stringify(phoneLegend)}`,
  );
  await shot(de, 'layout-data-de-dark-phone-selection');
  await de.getByTestId('map-selection-clear').click();
  await goto(de, `/projects/${projectId}/map`);
  await mapReady(de);
  await shot(de, 'layout-map-de-dark-phone', { fullPage: false });
  await de.setViewportSize({ width: 1440, height: 900 });
  await de.waitForTimeout(300);
  await shot(de, 'layout-map-de-dark', { fullPage: false });
  assert(
    de.errors.length === 0 && page.errors.length === 0,
    `page errors: ${[...de.errors, ...page.errors].join('; ')}`,
  );
  await de.context().close();
  await page.context().close();
});
