/**
 * `npx tsx bench/retention-sim.ts [--agents 50] [--days 90] [--extra-days 30]`: what a long-lived
 * install's database weighs. Fills a fresh database through the store's own repositories, as the
 * engine writes it, at a set rate for `agents` agents: each agent busy 8 h a day with a permission
 * prompt and an idle turn every 10 minutes (96 items a day), 70 % answered through Trail Boss
 * (approve: key + outcome audit rows; reply: text + outcome), the rest in the pane; prompts carry a
 * real parsed Claude prompt and a 12-line colour tail. Then reports the file after `days`, goes on
 * `extra-days` more with the retention (90 days) pruned as the engine prunes it (batches of 50,
 * hourly), and times the prune steps and an approve's store work while pruning runs.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { silentLogger } from '../main/engine/platform/log.ts';
import { openStore } from '../main/engine/store/index.ts';
import { moreLeft, pruneStep } from '../main/engine/store/pruner.ts';
import type { RetentionPolicy } from '../main/engine/store/retention.ts';
import { claudePrompt } from '../test/engine/actions/support/fake-panes.ts';
import { summarize } from './stats.ts';

const { values } = parseArgs({
  options: {
    agents: { type: 'string', default: '50' },
    days: { type: 'string', default: '90' },
    'extra-days': { type: 'string', default: '30' },
  },
});
const AGENTS = Number(values.agents);
const DAYS = Number(values.days);
const EXTRA = Number(values['extra-days']);
const DAY = 86_400_000;
const ITEMS_PER_AGENT_DAY = 96;
const BATCH = 50;
const POLICY: RetentionPolicy = { historyDays: 90, resolvedItemsDays: 90, auditDays: null };

const dir = mkdtempSync(join(tmpdir(), 'tb-retention-'));
const file = join(dir, 'trailboss.db');
let now = Date.UTC(2026, 0, 1);
const clock = { now: () => now, setTimeout: () => ({ cancel() {} }) };
const store = openStore(file, { clock, logger: silentLogger });
const prompt = claudePrompt();
const tail = readFileSync(new URL('../test/fixtures/panes/claude/perm-bash.ansi', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .slice(-12);
let paneSerial = 0;
const panes = Array.from({ length: AGENTS }, () => `default|%${paneSerial++}`);

/** One day of every agent's items, written as the engine writes them (one transaction per change). */
function day(d: number): void {
  const start = Date.UTC(2026, 0, 1) + d * DAY + 9 * 3_600_000;
  // A tenth of the agents is replaced each day: the old pane goes, a new one comes.
  for (let i = 0; d > 0 && i < AGENTS / 10; i++) {
    const k = (d * 7 + i) % AGENTS;
    store.panes.setState(panes[k]!, 'gone', start);
    panes[k] = `default|%${paneSerial++}`;
  }
  for (const pane of panes)
    store.panes.observe({
      paneKey: pane,
      server: 'default',
      paneId: pane.slice(8),
      target: 'w:1.0',
      runtime: 'claude',
      pid: 4242,
      at: start,
    });
  for (let n = 0; n < ITEMS_PER_AGENT_DAY; n++) {
    panes.forEach((pane, a) => {
      const at = start + n * 300_000 + a * 1000;
      const permission = n % 2 === 0;
      const { item } = store.transaction(() => {
        const opened = store.items.open({
          paneKey: pane,
          kind: permission ? 'permission' : 'idle',
          prompt: permission ? prompt : null,
          fingerprint: permission ? `fp-${pane}-${n}` : null,
          summary: permission ? 'Bash: npm test' : 'idle',
          firstSeen: at,
          expiresAt: at + 8 * 3_600_000,
          tail,
          context: permission ? null : 'Done. The tests pass.',
        });
        store.history.begin(pane, permission ? 'permission' : 'idle', at);
        return opened;
      });
      const viaUs = (n + a) % 10 < 7;
      const done = at + 20_000;
      if (viaUs) {
        const key = store.audit.append({
          at: done,
          paneKey: pane,
          action: permission ? 'key' : 'text',
          payload: permission ? '1' : 'go on',
          reason: permission ? 'approve' : 'reply',
          surface: 'queue',
          itemId: item.id,
        });
        store.audit.append({
          at: done + 500,
          paneKey: pane,
          action: 'outcome',
          payload: '',
          reason: 'confirmed',
          surface: 'engine',
          itemId: item.id,
          outcome: 'confirmed',
          ref: key.id,
        });
      }
      store.transaction(() => {
        store.items.resolve(
          item.id,
          viaUs ? (permission ? 'approved' : 'replied') : 'answered-in-pane',
          viaUs ? 'queue' : 'engine',
          done + 600,
        );
        store.history.end(pane, done + 600);
      });
    });
  }
  now = start + DAY - 9 * 3_600_000;
}

const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
const sizes = (): string => {
  const size = (f: string) => {
    try {
      return statSync(f).size;
    } catch {
      return 0;
    }
  };
  return `database ${mb(size(file))} MB, WAL ${mb(size(`${file}-wal`))} MB`;
};

const t0 = Date.now();
// A day per transaction: the rows are the engine's, the commits fewer (the file's size is the point here).
for (let d = 0; d < DAYS; d++) store.transaction(() => day(d));
const rowsAt90 = store.retention.rowCounts();
process.stdout.write(
  `after ${DAYS} days of ${AGENTS} agents (${ITEMS_PER_AGENT_DAY} items each a day), filled in ${Math.round((Date.now() - t0) / 1000)} s: ${sizes()}\n`,
);
process.stdout.write(`rows: ${JSON.stringify(rowsAt90)}\n`);

const stepMs: number[] = [];
const approveMs: number[] = [];
/** An approve's store work (claim, audit the key, resolve with its interval), timed. */
function approveOnce(pane: string, at: number): void {
  const t = performance.now();
  const { item } = store.items.open({
    paneKey: pane,
    kind: 'permission',
    prompt,
    fingerprint: `probe-${at}`,
    summary: 'Bash',
    firstSeen: at,
    expiresAt: at + DAY,
    tail,
  });
  store.items.claim(item.id, 'bench');
  store.audit.append({ at, paneKey: pane, action: 'key', payload: '1', reason: 'approve', surface: 'queue', itemId: item.id });
  store.transaction(() => {
    store.items.resolve(item.id, 'approved', 'queue', at);
    store.history.end(pane, at);
  });
  approveMs.push(performance.now() - t);
}
// Baseline: the same approve with no pruning going on.
for (let i = 0; i < 200; i++) approveOnce(panes[0]!, now);
const baseline = summarize(approveMs.splice(0));
for (let d = DAYS; d < DAYS + EXTRA; d++) {
  store.transaction(() => day(d));
  // The engine prunes hourly; a day's worth of rows goes in batches of 50 per kind, an approve between steps.
  for (;;) {
    const t = performance.now();
    const counts = pruneStep(store, POLICY, now, BATCH);
    stepMs.push(performance.now() - t);
    approveOnce(panes[0]!, now);
    if (!moreLeft(counts, BATCH)) break;
  }
}
const step = summarize(stepMs);
const approve = summarize(approveMs);
// An approve that arrives while a step runs waits for it: its time is the step's plus its own.
const behind = summarize(stepMs.map((ms, i) => ms + (approveMs[i] ?? 0)));
const f = (x: number | null): string => (x === null ? '–' : x.toFixed(2));
process.stdout.write(`after ${EXTRA} more days with the 90-day retention applied: ${sizes()}\n`);
process.stdout.write(`rows: ${JSON.stringify(store.retention.rowCounts())}\n`);
process.stdout.write(
  `prune step (≤ ${BATCH} rows per kind): n ${step.n}, p50 ${f(step.p50)} ms, p95 ${f(step.p95)} ms, max ${f(step.max)} ms\n` +
    `approve's store work, no pruning: n ${baseline.n}, p50 ${f(baseline.p50)} ms, p95 ${f(baseline.p95)} ms\n` +
    `approve's store work between prune steps: n ${approve.n}, p50 ${f(approve.p50)} ms, p95 ${f(approve.p95)} ms\n` +
    `approve arriving during a prune step (step + its own work): p50 ${f(behind.p50)} ms, p95 ${f(behind.p95)} ms, max ${f(behind.max)} ms\n`,
);
store.close();
rmSync(dir, { recursive: true, force: true });
