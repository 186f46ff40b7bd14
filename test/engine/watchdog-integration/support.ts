/**
 * Shared pieces of the watchdog integration tests: a real engine whose config has SHORT watchdog
 * durations, the audit log and queue through the API, and a human at a real attached tmux client.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditEntryDto } from '../../../preload/contract/activity.ts';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { startEngineHarness } from '../../support/engine-harness.ts';
import { claudeIdle, claudePermBash } from '../../support/scenarios/index.ts';
import type { Scenario } from '../../support/scripted-agent/scenario.ts';
import { assertScenario } from '../../support/scripted-agent/scenario.ts';
import type { ScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import { testTmuxEnv } from '../../support/tmux-server.ts';
import { poll } from '../../support/poll.ts';

/** Backoff 2 s, ×2, capped at 8 s; 3 nudges; a human counts as active for 3 s after a key. */
export const FAST_WATCHDOG = { firstDelayMs: 2000, factor: 2, capMs: 8000, maxNudges: 3, humanActiveWindowMs: 3000 } as const;

/** The config file of a harness home (TRAILBOSS_HOME is `<home>/tb`). */
export function configFileOf(home: string): string {
  return join(home, 'tb', 'config.json');
}

/** Write `config` (a config file's JSON) into the harness home. */
export function writeConfig(home: string, config: unknown): void {
  mkdirSync(join(home, 'tb'), { recursive: true });
  writeFileSync(configFileOf(home), JSON.stringify(config, null, 2));
}

/** A real engine on a private tmux whose watchdog uses FAST_WATCHDOG plus `watchdog` overrides. */
export function startWatchdogEngine(
  watchdog: Record<string, unknown> = {},
  opts: { api?: boolean; config?: Record<string, unknown> } = {},
): Promise<EngineHarness> {
  return startEngineHarness({
    api: opts.api ?? false,
    beforeStart: (home) => writeConfig(home, { ...opts.config, watchdog: { ...FAST_WATCHDOG, ...watchdog } }),
  });
}

/** The audit log, oldest first. */
export async function auditLog(h: EngineHarness): Promise<AuditEntryDto[]> {
  const env = await h.engine.api['audit:list']({ limit: 500, before: null });
  if (!env.ok) throw new Error(env.error.message);
  return [...env.value].reverse();
}

/** The queue as surfaces see it. */
export async function queue(h: EngineHarness): Promise<readonly QueueItemDto[]> {
  const env = await h.engine.api['queue:list']({});
  if (!env.ok) throw new Error(env.error.message);
  return env.value;
}

/** The engine's key for the agent's pane, once the engine watches it. */
export function paneKeyOf(h: EngineHarness, agent: ScriptedAgent): Promise<string> {
  return poll(async () => {
    const env = await h.engine.api['agents:list']({});
    return env.ok ? env.value.find((a) => a.paneKey.endsWith(`|${agent.paneId}`))?.paneKey : undefined;
  }, `the engine to watch ${agent.paneId}`);
}

/** Wait until the agent has submitted `count` texts; returns them. */
export function submissionsReach(agent: ScriptedAgent, count: number, timeoutMs: number) {
  return poll(
    async () => {
      const list = await agent.submissions();
      return list.length >= count ? list : null;
    },
    `${count} submissions from ${agent.paneId}`,
    { timeoutMs },
  );
}

/** When the agent's input prompt was first drawn (epoch ms): idleness cannot have begun earlier. */
export async function firstDrawOf(agent: ScriptedAgent, state: string): Promise<number> {
  const drawn = (await agent.states()).find((s) => s.state === state);
  if (!drawn) throw new Error(`${agent.paneId} never drew ${state}`);
  return drawn.t;
}

/**
 * Claude idle at its prompt until the test presses F2 (a key this idle screen does not use), then the Bash
 * permission prompt of perm-bash with its verified keys: a prompt appearing at a moment the test picks.
 */
export function claudeIdleThenPrompt(): Scenario {
  const base = claudePermBash();
  return assertScenario({
    ...base,
    name: 'claude-idle-then-perm-bash',
    initial: 'start',
    states: { ...base.states, start: { ...claudeIdle('idle-after-turn'), keys: { F2: 'prompt' } } },
  });
}

/** The keys the engine sent (clear line, paste, Enter, or a dismissal key) with the state each arrived in. */
export async function engineKeys(agent: ScriptedAgent, testKeys: readonly string[] = []): Promise<{ key: string; state: string }[]> {
  return (await agent.keys()).filter((k) => !testKeys.includes(k.key)).map((k) => ({ key: k.key, state: k.state }));
}

/**
 * Resolve once the wall clock reaches `at` (epoch ms): how a test lets a due time pass while it
 * checks that something did NOT happen. Times are absolute, so a slow step cannot shorten the watch.
 */
export async function untilTime(at: number, what: string): Promise<void> {
  await poll(() => Date.now() >= at, what, { timeoutMs: Math.max(0, at - Date.now()) + 5000 });
}

/** A human at a real terminal attached to a session: every key typed updates the client's `client_activity`. */
export interface AttachedHuman {
  readonly tty: string;
  /** Type text into the terminal (it reaches the session's current pane). */
  type(text: string): void;
  detach(): Promise<void>;
}

/**
 * Attach a terminal (a pty from util-linux `script`) to `session` and keep its input open, so the
 * test can type as a human would. tmux updates `client_activity` only for keys a client receives.
 */
export async function attachHuman(tmux: PrivateTmux, session: string): Promise<AttachedHuman> {
  const base = tmux.server.kind === 'socket' ? ['-S', tmux.server.path] : ['-L', tmux.name];
  const before = new Set((await tmux.run(['list-clients', '-F', '#{client_tty}'])).stdout.split('\n').filter(Boolean));
  const command = ['tmux', ...base, '-f', '/dev/null', '-u', 'attach-session', '-t', `=${session}`]
    .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  const proc = realRunner.spawnLongLived('script', ['-qfc', `stty cols 100 rows 30; exec ${command}`, '/dev/null'], {
    env: { ...testTmuxEnv(tmux.dir), TERM: 'xterm-256color' },
  });
  const tty = await poll(
    async () => (await tmux.run(['list-clients', '-F', '#{client_tty}'])).stdout.split('\n').find((t) => t && !before.has(t)),
    `a terminal attached to ${session}`,
  );
  return {
    tty,
    type: (text) => void proc.write(text),
    async detach() {
      await tmux.run(['detach-client', '-t', tty]);
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await proc.exited;
      clearTimeout(timer);
      proc.endInput();
    },
  };
}
