// End-to-end tests of the web app in Chromium (playwright-core, the system browser).
// ARBOR_URL: the running server; ARBOR_OUTBOX: the folder where it writes e-mails.
// E2E_ONLY: run only the tests whose name contains it.
// Each file of flows/ registers its tests (in file-name order); helpers are in lib.mjs.
// Prints "N passed, M failed" as its last line and exits non-zero on any failure.
import { readdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { ARTIFACTS, BASE, tests } from './lib.mjs';

const ONLY = process.env.E2E_ONLY || '';
const flows = (await readdir(new URL('./flows/', import.meta.url))).filter((f) => f.endsWith('.mjs')).sort();
for (const f of flows) await import(`./flows/${f}`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-gpu',
    '--enable-unsafe-swiftshader',
    // The tests need no network: any host but the server's is unknown, so open basemaps fail
    // at once instead of waiting for the internet.
    `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${new URL(BASE).hostname}`,
  ],
});

let passed = 0;
let failed = 0;
console.log(`e2e against ${BASE}, screenshots in ${ARTIFACTS}`);
for (const t of tests) {
  if (ONLY && !t.name.includes(ONLY)) continue;
  const start = Date.now();
  try {
    await t.fn(browser);
    passed++;
    console.log(`ok - ${t.name} (${Date.now() - start} ms)`);
  } catch (e) {
    failed++;
    console.log(
      `not ok - ${t.name} (${Date.now() - start} ms)\n  ${String(e?.stack || e)
        .split('\n')
        .join('\n  ')}`,
    );
    for (const ctx of browser.contexts()) {
      for (const p of ctx.pages()) {
        await p
          .screenshot({ path: `${ARTIFACTS}FAILED-${tests.indexOf(t)}-${Date.now()}.png`, fullPage: true })
          .catch(() => undefined);
      }
      await ctx.close().catch(() => undefined);
    }
  }
}
await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
