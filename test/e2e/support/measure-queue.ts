/**
 * Queue window first paint and renderer memory with N real items: N idle scripted agents on a
 * private tmux server, a real `trailboss daemon --ui`, the system Chromium. Too heavy for the default
 * spec run on a 2-core machine, so a script:
 *   node_modules/.bin/node --import tsx test/e2e/support/measure-queue.ts [items=100] [runs=3]
 * Prints JSON and writes it to test-results/ui/measure-queue.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope, QueueItemDto } from '../../../preload/contract/index.ts';
import { claudeIdleWorking } from '../../support/scenarios/index.ts';
import { startScriptedAgents } from '../../support/scripted-agent/start.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import { CHROMIUM_ARGS, launchChromium } from './browser.ts';
import { buildRenderer } from './build-renderer.ts';
import { ROOT, startDaemon, type Daemon } from './daemon.ts';
import { measurePage, type PageMeasurement } from './measure-page.ts';
import { poll } from '../../support/poll.ts';

const count = Number(process.argv[2] ?? 100);
const runs = Number(process.argv[3] ?? 3);

async function queueLength(daemon: Daemon): Promise<number> {
  const res = await fetch(`${daemon.origin}/api/queue:list`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${daemon.token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  const body = (await res.json()) as Envelope<readonly QueueItemDto[]>;
  return body.ok ? body.value.length : -1;
}

const median = (xs: ReadonlyArray<number | null>): number | null => {
  const s = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
  return s.length === 0 ? null : (s[Math.floor((s.length - 1) / 2)] ?? null);
};

async function main(): Promise<void> {
  buildRenderer();
  const dir = mkdtempSync(join(tmpdir(), 'tb-measure-'));
  const socket = join(dir, 'tmux.sock');
  const tmux = await startPrivateTmux({ socketPath: socket });
  let daemon: Daemon | null = null;
  const browser = await launchChromium({ args: CHROMIUM_ARGS });
  try {
    await tmux.newPane('cat', { session: 'base' });
    daemon = await startDaemon({ socket });
    const empty: PageMeasurement[] = [];
    for (let i = 0; i < runs; i++) empty.push(await measurePage(browser, daemon.url, 0));

    const started = performance.now();
    const items = Array.from({ length: count }, (_, i) => ({
      scenario: claudeIdleWorking(),
      opts: { session: `agent-${String(i + 1).padStart(3, '0')}`, readyTimeoutMs: 60_000 },
    }));
    await startScriptedAgents(tmux, items, 4);
    const agentsStartedS = (performance.now() - started) / 1000;
    const d = daemon;
    await poll(async () => (await queueLength(d)) >= count, `${count} items in the queue`, { timeoutMs: 120_000, intervalMs: 500 });
    const queuedS = (performance.now() - started) / 1000;

    const full: PageMeasurement[] = [];
    for (let i = 0; i < runs; i++) full.push(await measurePage(browser, daemon.url, count));
    const summary = (ms: PageMeasurement[]) => ({
      medianRowsPaintedMs: median(ms.map((m) => m.rowsPaintedMs)),
      medianFirstContentfulPaintMs: median(ms.map((m) => m.firstContentfulPaintMs)),
      medianJsHeapUsedMB: median(ms.map((m) => m.jsHeapUsedMB)),
      medianRendererPssMB: median(ms.map((m) => m.rendererPssMB)),
    });
    const result = {
      at: new Date().toISOString(),
      items: count,
      agentsStartedS: Math.round(agentsStartedS * 10) / 10,
      allQueuedS: Math.round(queuedS * 10) / 10,
      empty: { summary: summary(empty), runs: empty },
      full: { summary: summary(full), runs: full },
    };
    const out = join(ROOT, 'test-results', 'ui');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'measure-queue.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await daemon?.stop();
    await tmux.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
