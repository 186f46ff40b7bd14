/**
 * Drives the built renderer in the system Chromium against the stand-in engine: measures first paint
 * and memory with 100 items, walks the main flows through the page objects, and saves screenshots
 * (light/dark, empty/with items, settings, activity) under test-results/renderer/.
 * Run: npx vite build && node_modules/.bin/node --import tsx test/e2e/support/ui-tour.ts
 */
import { existsSync, mkdirSync } from 'node:fs';
import { expect, type Browser, type Page } from '@playwright/test';
import type { ApiMethods } from '../../../preload/contract/index.ts';
import { launchChromium } from './browser.ts';
import { QueuePage } from './queue-page.ts';
import { SettingsPage } from './settings-page.ts';
import { createStandInEngine } from './stand-in-engine.ts';
import { standInItems } from './stand-in-items.ts';
import { startStandInServer, type StandInServer } from './stand-in-server.ts';

const root = new URL('../../../', import.meta.url).pathname;
const staticDir = `${root}dist/renderer`;
const shots = `${root}test-results/renderer`;

/** A stand-in engine with `count` items behind a loopback server. */
async function standIn(count: number) {
  let methods: ApiMethods | null = null;
  const server: StandInServer = await startStandInServer({ staticDir, token: `tok-${count}`, methods: () => methods as ApiMethods });
  const engine = createStandInEngine(
    standInItems(count, Date.now()),
    (e, p) => server.emit(e, p),
    () => Date.now(),
  );
  methods = engine.api;
  return { server, engine, url: `${server.url}#token=${server.token}` };
}

/** First paint, first contentful paint, time until all rows exist, and renderer memory, for a fresh page. */
async function measure(browser: Browser, url: string, rows: number) {
  const page = await browser.newPage();
  const started = Date.now();
  await page.goto(url);
  await page.waitForFunction((n) => document.querySelectorAll('article.item').length === n, rows, { timeout: 20_000 });
  const wall = Date.now() - started;
  const timing = await page.evaluate(() => ({
    fp: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    rowsAt: performance.now(),
  }));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? null;
  await page.close();
  return {
    rows,
    firstPaintMs: round(timing.fp),
    firstContentfulPaintMs: round(timing.fcp),
    allRowsRenderedMs: round(timing.rowsAt),
    wallClockToRowsMs: wall,
    jsHeapUsedMB: mb(metric('JSHeapUsedSize')),
    jsHeapTotalMB: mb(metric('JSHeapTotalSize')),
    domNodes: metric('Nodes'),
  };
}

const round = (n: number | null) => (n === null ? null : Math.round(n));
const mb = (n: number | null) => (n === null ? null : Math.round((n / 1048576) * 10) / 10);

/** The flows the Playwright suite will run against the real daemon, here against the stand-in. */
async function flows(page: Page) {
  const { server, engine, url } = await standIn(10);
  const queue = new QueuePage(page);
  await queue.open(url);
  const first = (await queue.targets())[0] as string;
  await expect(queue.approveButton(first)).toHaveText('Approve: “Yes”');
  await queue.click(first, 'approve');
  await queue.expectGone(first);
  await queue.expectOutcome(first, 'Confirmed');
  expect(engine.sent.at(-1)).toMatchObject({ itemId: 'item-1', keys: ['1'] });

  await queue.click('codex-2:1.0', 'deny');
  await queue.expectGone('codex-2:1.0');

  await queue.reply('claude-4:1.0', 'run the tests again');
  await queue.expectGone('claude-4:1.0');
  expect(engine.sent.at(-1)).toMatchObject({ itemId: 'item-4', text: 'run the tests again' });

  // Keyboard reply: select the row, r opens the box (the r itself is not typed), Enter sends.
  await queue.item('claude-9:1.0').locator('.target').click();
  await queue.press('r');
  await page.keyboard.type('keep going');
  await queue.press('Enter');
  await queue.expectGone('claude-9:1.0');
  expect(engine.sent.at(-1)).toMatchObject({ itemId: 'item-9', text: 'keep going' });

  const before = await queue.targets();
  await queue.click(before[0] as string, 'skip');
  await expect.poll(() => queue.targets()).toEqual([...before.slice(1), before[0]]);

  await queue.snooze('claude-5:1.0', '1 hour');
  await expect(queue.item('claude-5:1.0')).toContainText('snoozed until');

  // Keyboard: g goes to the top, j/k move, a approves the selected item.
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  const order = await queue.targets();
  await queue.press('g');
  await expect.poll(() => queue.selectedTarget()).toBe(order[0]);
  await queue.press('j');
  await expect.poll(() => queue.selectedTarget()).toBe(order[1]);
  await queue.press('k');
  await expect.poll(() => queue.selectedTarget()).toBe(order[0]);
  await queue.press('a');
  await queue.expectGone(order[0] as string);

  await queue.show('Settings');
  const settings = new SettingsPage(page);
  await settings.fill('Nudges before asking you', '0');
  await settings.save();
  await expect(settings.issuesOf('Nudges before asking you')).toHaveText(['must be a whole number ≥ 1']);
  await page.getByRole('button', { name: 'Install hooks' }).click();
  await expect(settings.hooksState()).toHaveText('Installed');
  await server.close();
}

async function screenshots(browser: Browser) {
  mkdirSync(shots, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    for (const count of [0, 5]) {
      const { server, url } = await standIn(count);
      const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 1100, height: 900 } });
      const page = await context.newPage();
      const queue = new QueuePage(page);
      await queue.open(url);
      await page.screenshot({ path: `${shots}/queue-${count === 0 ? 'empty' : 'items'}-${scheme}.png`, fullPage: count === 0 });
      if (count > 0) {
        await queue.show('Settings');
        await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
        await page.screenshot({ path: `${shots}/settings-${scheme}.png` });
        await queue.show('Activity');
        await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
        await page.screenshot({ path: `${shots}/activity-${scheme}.png` });
      }
      await context.close();
      await server.close();
    }
  }
}

async function main() {
  if (!existsSync(`${staticDir}/index.html`)) throw new Error('Build the renderer first: npx vite build');
  const browser = await launchChromium();
  const errors: string[] = [];
  try {
    const page = await browser.newPage();
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await flows(page);
    await page.close();
    await screenshots(browser);
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const { server, url } = await standIn(100);
      runs.push(await measure(browser, url, 100));
      await server.close();
    }
    console.log(JSON.stringify({ flows: 'passed', consoleErrors: errors, measurements: runs, screenshots: shots }, null, 2));
  } finally {
    await browser.close();
  }
}

await main();
