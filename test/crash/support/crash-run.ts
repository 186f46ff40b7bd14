/**
 * One crash run: scripted agents on a private tmux server, `trailboss daemon` started, killed with
 * SIGKILL where the plan says, restarted (as a supervisor would), while the driver answers prompts
 * through the CLI. At the end the daemon is stopped and the evidence is checked: the agents' own
 * key records, the audit log, the items, the reminder log lines, the files a killed daemon left.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { splitPaneKey } from '../../../main/engine/tmux/pane-key.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import { startSshd } from '../../support/sshd.ts';
import type { CrashAgent } from './crash-agents.ts';
import { evidenceOf, startCrashAgents } from './crash-agents.ts';
import type { DaemonProcess } from './daemon-process.ts';
import { startDaemon } from './daemon-process.ts';
import { driveAgent } from './driver.ts';
import { checkEnd, checkRestart } from './run-checks.ts';
import { failpointsFired, formatFailpoint } from './failpoint-spec.ts';
import { armKiller } from './killer.ts';
import { checkKeysAudited, checkKeysHitThePrompt, checkKeysRequested, checkOneKeyPerPrompt } from './key-evidence.ts';
import { checkReminders, reminderFiringsFromLog, storeOpenedAt } from './reminder-evidence.ts';
import type { RunPlan } from './run-plan.ts';
import { describeKill } from './run-plan.ts';
import { leftBehind, readStore } from './store-evidence.ts';

/**
 * Reminder cadence of every run: steps every 0.5–4 s, so a restart (3–8 s down) misses several
 * and must catch up once, and the stuck mark (last step) happens within long runs.
 */
export const CRASH_CADENCE_MS: readonly number[] = [0, 500, 1000, 1500, 2500, 4000, 6000, 9000, 13_000];

/** What a run found and measured. */
export interface CrashRunResult {
  readonly seed: number;
  readonly violations: readonly string[];
  readonly timeline: readonly string[];
  readonly durationMs: number;
  /** Spawn → "running" of every restarted daemon. */
  readonly restartMs: readonly number[];
  /** Kills, keys the agents received, key audit rows, reminder firings, kills that left lock + endpoint (for the summary). */
  readonly counts: {
    readonly kills: number;
    readonly keys: number;
    readonly audit: number;
    readonly reminders: number;
    readonly staleLocks: number;
  };
}

/** How long a run may take before it is a failure, and how long a planned kill may take to happen. */
const RUN_DEADLINE_MS = 100_000;
const KILL_WITHIN_MS = 45_000;

/** Options of a run. */
export interface CrashRunOptions {
  /**
   * The agents run on a "remote" host reached over real OpenSSH (a private sshd on loopback, their
   * tmux server behind it); the daemon watches them only through the host in its config.
   */
  readonly remote?: boolean;
}

/** Execute `plan`; never throws for a broken rule (it is a violation), only for a broken test setup. */
export async function runCrash(plan: RunPlan, opts: CrashRunOptions = {}): Promise<CrashRunResult> {
  const t0 = Date.now();
  const timeline: string[] = [];
  const violations: string[] = [];
  const note = (line: string) => void timeline.push(`+${Date.now() - t0}ms ${line}`);
  const dir = mkdtempSync(join(tmpdir(), 'tb-crash-'));
  const home = join(dir, 'tb');
  const socket = join(dir, 'tmux.sock');
  const failpointLog = join(dir, 'failpoints.jsonl');
  mkdirSync(home, { mode: 0o700 });
  const sshd = opts.remote ? await startSshd() : null;
  // Remote: the daemon's own socket stays empty; the agents' server is reached only through ssh.
  const agentSocket = sshd ? join(sshd.dir, 'remote-tmux.sock') : socket;
  const hosts = sshd ? { hosts: [{ name: 'box', destination: sshd.alias, sockets: [agentSocket], sshConfig: sshd.sshConfig }] } : {};
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ reminders: { cadence: CRASH_CADENCE_MS }, observe: { tickMs: 250 }, ...hosts }),
  );
  const tmux = await startPrivateTmux({ socketPath: agentSocket });
  const daemons: DaemonProcess[] = [];
  const state = { killsDone: 0, aborted: false };
  const restartMs: number[] = [];
  let staleLocks = 0;
  let agents: CrashAgent[] = [];
  try {
    agents = await startCrashAgents(tmux, plan.agents);
    note(
      `agents: ${agents.map((a) => `${a.name} (first prompt +${a.plan.firstPromptMs}ms, idle ${a.plan.idleMs}ms, ${a.plan.answers} answers)`).join('; ')}`,
    );

    const supervise = async (): Promise<DaemonProcess | null> => {
      for (let i = 0; ; i++) {
        const kill = plan.kills[i];
        const failpoint = kill?.kind === 'failpoint' ? formatFailpoint(kill.spec) : null;
        const d = startDaemon({ home, socket, failpoint, failpointLog });
        daemons.push(d);
        note(`daemon #${i} spawned (launcher ${d.launcherPid})${kill ? `, plan: ${describeKill(kill)}` : ''}`);
        const ready = d.ready(60_000).then(
          (pid) => {
            note(`daemon #${i} ready, engine pid ${pid}`);
            if (i > 0) restartMs.push((d.readyAt() ?? 0) - d.spawnedAt);
            violations.push(...checkRestart(home, i, pid));
            return true;
          },
          (error: Error) => {
            // A planned kill may land before "running"; anything else is a blocked start.
            if (!kill) violations.push(`daemon #${i} did not start: ${error.message.slice(0, 2000)}`);
            return false;
          },
        );
        if (!kill) return (await ready) ? d : null;
        const firedBefore = failpointsFired(failpointLog).length;
        const killer = armKiller(kill, d, agents, note);
        const exit = await Promise.race([d.exited, new Promise<null>((r) => setTimeout(() => r(null), KILL_WITHIN_MS))]);
        killer.disarm();
        if (!exit) {
          violations.push(`daemon #${i}: the planned ${describeKill(kill)} did not happen within ${KILL_WITHIN_MS} ms`);
          d.kill9();
        }
        const done = exit ?? (await d.exited);
        const fp = failpointsFired(failpointLog).slice(firedBefore);
        for (const f of fp) note(`failpoint ${formatFailpoint(f)} killed pid ${f.pid}`);
        if (exit && !killer.fired() && fp.length === 0)
          violations.push(`daemon #${i} died on its own (launcher exit ${exit.code ?? exit.signal}):\n${d.output().slice(-3000)}`);
        await ready;
        const left = leftBehind(join(home, 'engine.lock'), join(home, 'endpoint.json'));
        note(
          `daemon #${i} gone (launcher exit ${done.code ?? done.signal}); left behind: lock pid ${left.lockPid}, endpoint pid ${left.endpointPid}`,
        );
        if (left.lockPid !== null && left.endpointPid !== null) staleLocks += 1;
        state.killsDone += 1;
      }
    };

    const deadline = t0 + RUN_DEADLINE_MS;
    const ctx = { home, killsDone: () => state.killsDone === plan.kills.length, aborted: () => state.aborted, deadline, note };
    const driving = Promise.all(agents.map((a) => driveAgent(a, ctx))).then(
      () => null,
      (error: Error) => error.message,
    );
    const last = await supervise();
    state.aborted = last === null;
    const stuck = await driving;
    if (stuck) violations.push(stuck);
    if (last) {
      violations.push(...(await checkEnd(home, agents, note)));
      const exit = await last.stop();
      note(`final daemon stopped (launcher exit ${exit.code ?? exit.signal})`);
      if (exit.code !== 0) violations.push(`the final daemon did not stop cleanly on SIGTERM (exit ${exit.code ?? exit.signal})`);
    }
    const store = readStore(join(home, 'trailboss.db'));
    let keys = 0;
    for (const a of agents) {
      const e = await evidenceOf(a);
      keys += e.records.filter((r) => r.type === 'key').length;
      violations.push(
        ...checkKeysHitThePrompt(e, store.audit),
        ...checkOneKeyPerPrompt(e),
        ...checkKeysAudited(e, store.audit),
        ...checkKeysRequested(e),
      );
    }
    const firings = daemons.flatMap((d, i) => reminderFiringsFromLog(d.output(), i));
    const opened = daemons.map((d) => storeOpenedAt(d.output()) ?? d.spawnedAt);
    violations.push(...checkReminders(firings, store.items, CRASH_CADENCE_MS, opened));
    for (const a of agents) note(`${a.name} keys: ${(await a.agent.keys()).map(brief).join(' ') || 'none'}`);
    const keyRows = store.audit.filter((r) => r.action === 'key');
    note(
      `audit keys: ${keyRows.map((r) => `${r.payload}→${splitPaneKey(r.paneKey).paneId}@${r.at % 100_000}`).join(' ') || 'none'} (+${store.audit.length - keyRows.length} other rows)`,
    );
    if (violations.length > 0 || process.env.TB_CRASH_VERBOSE === '2') {
      for (const a of agents) note(`${a.name} record: ${(await a.agent.records()).map(brief).filter(Boolean).join(' ')}`);
      for (const [i, d] of daemons.entries()) note(`daemon #${i} output:\n${d.output().slice(-4000)}`);
    }
    return {
      seed: plan.seed,
      violations,
      timeline,
      durationMs: Date.now() - t0,
      restartMs,
      counts: {
        kills: state.killsDone,
        keys,
        audit: store.audit.filter((a) => a.action === 'key').length,
        reminders: firings.length,
        staleLocks,
      },
    };
  } finally {
    for (const d of daemons) d.killGroup();
    await tmux.kill();
    await sshd?.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One record in a few characters, for a failed run's timeline. */
function brief(r: { type: string; t: number; state?: string; key?: string; next?: string }): string {
  if (r.type === 'state') return `[${Math.round(r.t) % 100_000} ${r.state}]`;
  if (r.type === 'key') return `<${Math.round(r.t) % 100_000} ${r.key}@${r.state}→${r.next ?? '-'}>`;
  return '';
}
