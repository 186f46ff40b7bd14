/**
 * Measures one fresh load of the queue window: paint timings, when `rows` items were in the DOM and
 * painted, the JS heap after a GC, and the renderer processes' memory from /proc (Linux).
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { Browser } from '@playwright/test';

/** One load's numbers (ms since navigation start; MB). */
export interface PageMeasurement {
  readonly rows: number;
  readonly firstPaintMs: number | null;
  readonly firstContentfulPaintMs: number | null;
  /** All `rows` items (or, for 0, the empty state) were in the DOM. */
  readonly rowsInDomMs: number;
  /** The frame after that was presented (rAF → next task): the first paint that showed them. */
  readonly rowsPaintedMs: number;
  readonly jsHeapUsedMB: number | null;
  readonly jsHeapTotalMB: number | null;
  readonly domNodes: number | null;
  /** The largest renderer process of this browser (one page open: that page's renderer). */
  readonly rendererRssMB: number | null;
  readonly rendererPssMB: number | null;
  /** How many renderer processes the browser had (a spare one may wait for the next tab). */
  readonly rendererProcesses: number | null;
}

// Runs in the page before its scripts: notes when `n` elements match (the Nth row, or the empty
// state), then when that frame was painted. Plain JS source: a function compiled by tsx would carry
// its `__name` helper into the page.
const OBSERVER = `(({ selector, n }) => {
  const check = () => {
    if (window.__rows || document.querySelectorAll(selector).length < n) return;
    const mark = { dom: performance.now(), painted: null };
    window.__rows = mark;
    requestAnimationFrame(() => setTimeout(() => (mark.painted = performance.now()), 0));
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})`;

/** Loads `url` in a fresh context, waits for `rows` painted rows (0: the empty state), and measures. */
export async function measurePage(browser: Browser, url: string, rows: number, timeoutMs = 60_000): Promise<PageMeasurement> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const ready = rows === 0 ? { selector: '[data-testid="empty-queue"]', n: 1 } : { selector: 'article.item', n: rows };
  await page.addInitScript({ content: `${OBSERVER}(${JSON.stringify(ready)});` });
  await page.goto(url);
  // A function, not a string: the page's CSP forbids eval. (No named inner functions: tsx would add `__name`.)
  await page.waitForFunction(() => (window as unknown as { __rows?: { painted: number | null } }).__rows?.painted != null, undefined, {
    timeout: timeoutMs,
  });
  const timing = await page.evaluate(() => ({
    fp: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    rows: (window as unknown as { __rows: { dom: number; painted: number } }).__rows,
  }));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? null;
  const memory = rendererMemory();
  await context.close();
  return {
    rows,
    firstPaintMs: round(timing.fp),
    firstContentfulPaintMs: round(timing.fcp),
    rowsInDomMs: Math.round(timing.rows.dom),
    rowsPaintedMs: Math.round(timing.rows.painted),
    jsHeapUsedMB: mb(metric('JSHeapUsedSize')),
    jsHeapTotalMB: mb(metric('JSHeapTotalSize')),
    domNodes: metric('Nodes'),
    rendererRssMB: memory ? mb(memory.rss) : null,
    rendererPssMB: memory ? mb(memory.pss) : null,
    rendererProcesses: memory ? memory.count : null,
  };
}

/** RSS and PSS (bytes) of the largest Chromium renderer process descended from this process, and how many there are; null off Linux. */
export function rendererMemory(root = process.pid): { rss: number; pss: number; count: number } | null {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return null;
  }
  const parent = new Map<number, number>();
  for (const pid of pids) {
    try {
      // The field after the parenthesised command name (which may itself contain spaces).
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Exited while we looked.
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  let largest = { rss: 0, pss: 0 };
  let count = 0;
  for (const pid of pids) {
    try {
      if (!descends(pid) || !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      count++;
      const one = { rss: kb(rollup, 'Rss'), pss: kb(rollup, 'Pss') };
      if (one.pss > largest.pss) largest = one;
    } catch {
      // Exited while we looked.
    }
  }
  return { ...largest, count };
}

function kb(text: string, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return m ? Number(m[1]) * 1024 : 0;
}

const round = (n: number | null) => (n === null ? null : Math.round(n));
const mb = (n: number | null) => (n === null ? null : Math.round((n / 1048576) * 10) / 10);
