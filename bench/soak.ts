/**
 * The soak phase: `agents` scripted agents looping prompt → approve → idle → reply → work → prompt
 * on a private tmux server, watched by `trailboss daemon` in its own process and answered through
 * its API (bench/soak-driver.ts), while a tenth of the panes is replaced every `churnEveryMs` (their
 * per-pane state created and dropped). After `warmupMs`, the daemon is sampled every
 * `sampleEveryMs` for `durationMs`; each measure gets its slope per hour (bench/soak-stats.ts).
 */
import { join } from 'node:path';
import type { ScriptedAgent } from '../test/support/scripted-agent/start.ts';
import { startScriptedAgents } from '../test/support/scripted-agent/start.ts';
import { startFleet } from './fleet.ts';
import { soakLoop, soakRuntimeAt } from './scenarios.ts';
import type { DriverTally } from './soak-driver.ts';
import { startSoakDriver } from './soak-driver.ts';
import { startSoakDaemon } from './soak-daemon.ts';
import type { SoakSample } from './soak-sample.ts';
import { sampleDaemon } from './soak-sample.ts';
import type { SoakMeasure } from './soak-stats.ts';
import { soakMeasures } from './soak-stats.ts';

/** Sizes and durations of one soak. */
export interface SoakOptions {
  readonly agents: number;
  readonly warmupMs: number;
  readonly durationMs: number;
  readonly sampleEveryMs: number;
  readonly churnEveryMs: number;
  /** Each agent's three working screens, ms each (a turn of work). */
  readonly workStepMs: number;
  /** How long an idle turn lasts before the reply. */
  readonly replyAfterMs: number;
}

/** What one soak measured. */
export interface SoakResult {
  readonly agents: number;
  readonly warmupS: number;
  readonly windowS: number;
  readonly sampleEveryS: number;
  readonly measures: readonly SoakMeasure[];
  /** Outcomes of approvals and replies in the measured window, and per hour. */
  readonly approvals: Readonly<Record<string, number>>;
  readonly replies: Readonly<Record<string, number>>;
  readonly approvedPerHour: number;
  readonly repliedPerHour: number;
  readonly panesReplaced: number;
  readonly apiErrors: number;
  readonly firstApiError: string | null;
  readonly sseEvents: number;
  readonly samples: readonly SoakSample[];
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const WINDOWS_PER_SESSION = 10;

/** Run one soak. */
export async function runSoak(opts: SoakOptions, progress: (message: string) => void = () => {}): Promise<SoakResult> {
  const scenario = (i: number) => soakLoop(soakRuntimeAt(i), { firstPromptMs: 1000 + Math.random() * 5000, workStepMs: opts.workStepMs });
  const fleet = await startFleet(Array.from({ length: opts.agents }, (_, i) => scenario(i)));
  const panes: { agent: ScriptedAgent; session: string }[] = fleet.agents.map((agent, i) => ({
    agent,
    session: `bench${Math.floor(i / WINDOWS_PER_SESSION)}`,
  }));
  let daemon: Awaited<ReturnType<typeof startSoakDaemon>> | null = null;
  try {
    daemon = await startSoakDaemon(join(fleet.dir, 'engine'), fleet.socket, { tmux: { captureMode: 'control' } });
    const d = daemon;
    const sse = d.subscribe();
    const driver = startSoakDriver(d, { pollMs: 500, replyAfterMs: opts.replyAfterMs, maxApproveDelayMs: 1000 });
    let replaced = 0;
    let churning = true;
    let churnTimer: NodeJS.Timeout | undefined;
    let endChurn: () => void = () => {};
    const churnEnded = new Promise<void>((resolve) => (endChurn = resolve));
    const churnWait = (): Promise<void> =>
      Promise.race([new Promise<void>((resolve) => (churnTimer = setTimeout(resolve, opts.churnEveryMs))), churnEnded]);
    let born = opts.agents;
    // Replace a tenth of the panes: kill the pane (its agent with it), start a new agent in the same session.
    const churn = (async () => {
      for (;;) {
        await churnWait();
        if (!churning) return;
        const k = Math.max(1, Math.round(panes.length / 10));
        const picked = [...panes.keys()].sort(() => Math.random() - 0.5).slice(0, k);
        for (const i of picked) await fleet.tmux.run(['kill-pane', '-t', panes[i]!.agent.paneId]);
        const fresh = await startScriptedAgents(
          fleet.tmux,
          picked.map((i) => ({ scenario: scenario(born++), opts: { session: panes[i]!.session, readyTimeoutMs: 60_000 } })),
        );
        picked.forEach((i, j) => (panes[i] = { agent: fresh[j]!, session: panes[i]!.session }));
        replaced += k;
      }
    })().catch((e: unknown) => progress(`soak: replacing panes failed: ${String(e)}`));
    const controlClients = async (): Promise<number> =>
      (await fleet.tmux.tmux(['list-clients', '-F', '#{client_control_mode}'])).split('\n').filter((l) => l.trim() === '1').length;
    progress(`soak: warm-up ${Math.round(opts.warmupMs / 1000)} s`);
    // The warm-up runs under the same regime as the window: a sample (with its full collection) every
    // interval, thrown away. The first forced collection lets V8 hand pages back (RSS fell from about
    // 260 to 174 MB in one run) and RSS then grows back for minutes to the size the regime holds; a
    // window starting at that first collection measured the regrowth (89 MB/h), not the engine.
    const warmEnd = Date.now() + opts.warmupMs;
    while (Date.now() < warmEnd) {
      await sampleDaemon(d, controlClients);
      await sleep(Math.max(0, Math.min(opts.sampleEveryMs, warmEnd - Date.now())));
    }
    const before = driver.tally();
    const replacedBefore = replaced;
    const samples: SoakSample[] = [];
    const start = Date.now();
    const end = start + opts.durationMs;
    let lastReport = start;
    while (Date.now() <= end) {
      samples.push(await sampleDaemon(d, controlClients));
      if (Date.now() - lastReport >= 60_000) {
        lastReport = Date.now();
        const s = samples[samples.length - 1]!;
        progress(
          `soak: ${Math.round((Date.now() - start) / 60_000)} min, RSS ${(s.rssBytes / 2 ** 20).toFixed(1)} MB, heap ${(s.heapUsedBytes / 2 ** 20).toFixed(1)} MB, fds ${s.fds}, approvals ${sum(driver.tally().approvals) - sum(before.approvals)}`,
        );
      }
      await sleep(Math.max(0, Math.min(opts.sampleEveryMs, end - Date.now() + 1)));
    }
    const windowMs = Math.max(1, samples[samples.length - 1]!.t - samples[0]!.t);
    const after = driver.tally();
    churning = false;
    clearTimeout(churnTimer);
    endChurn();
    const final = await driver.stop();
    sse.close();
    await churn;
    const approvals = diff(after.approvals, before.approvals);
    const replies = diff(after.replies, before.replies);
    const hours = windowMs / 3_600_000;
    return {
      agents: opts.agents,
      warmupS: Math.round(opts.warmupMs / 1000),
      windowS: Math.round(windowMs / 1000),
      sampleEveryS: opts.sampleEveryMs / 1000,
      measures: soakMeasures(samples),
      approvals,
      replies,
      approvedPerHour: Math.round((approvals['confirmed'] ?? 0) / hours),
      repliedPerHour: Math.round(((replies['confirmed'] ?? 0) + (replies['unconfirmed'] ?? 0)) / hours),
      panesReplaced: replaced - replacedBefore,
      apiErrors: final.errors,
      firstApiError: final.firstError,
      sseEvents: sse.events(),
      samples,
    };
  } finally {
    await daemon?.stop();
    await fleet.dispose();
  }
}

function sum(counts: Readonly<Record<string, number>>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

function diff(after: DriverTally['approvals'], before: DriverTally['approvals']): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));
}
