/**
 * Runs a jump plan through the tmux client, the process runner and the launcher, and says what it
 * could and could not do. The only decisions here are about reading results; the plan decides.
 */
import type { OutcomeKindDto } from '../../../preload/contract/queue-item.ts';
import type { Clock } from '../platform/clock.ts';
import { sleep } from '../platform/clock.ts';
import type { ProcessEntry } from '../platform/process-table.ts';
import type { Runner } from '../platform/run.ts';
import { ProcessError } from '../platform/run.ts';
import type { TmuxClient } from '../tmux/types.ts';
import { TmuxError } from '../tmux/types.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';
import type { JumpPlan } from './jump-plan.ts';
import { planJump } from './jump-plan.ts';
import { raiseWindow } from './raise-window.ts';
import type { Command } from './terminal-command.ts';

/** Starts a program detached from the app (a terminal outlives the app that opened it). */
export interface Launcher {
  launch(command: Command): Promise<{ readonly ok: true } | { readonly ok: false; readonly problem: string }>;
}

/** What the executor needs. */
export interface JumpDeps {
  readonly tmux: TmuxClient;
  readonly runner: Runner;
  readonly launcher: Launcher;
  /** A process snapshot (pid → parent, executable), for finding the client's terminal. */
  readonly processes: () => Promise<ReadonlyMap<number, ProcessEntry>>;
  readonly clock: Clock;
  readonly platform: NodeJS.Platform;
  readonly x11: boolean;
  readonly terminalCommand: readonly string[] | null;
  /** How long a newly opened terminal has to attach before the jump counts as unconfirmed (default 5 s). */
  readonly attachTimeoutMs?: number;
}

/** The pane to jump to. */
export interface JumpTarget {
  readonly paneId: string;
  /** `session:window.pane`, for messages. */
  readonly target: string;
  /** The tmux client to move when it is attached to the pane's server (a popup's opener). */
  readonly client?: string;
}

/** What happened. `message` is one sentence for the user; `plan` is null when the pane could not be read. */
export interface JumpReport {
  readonly outcome: OutcomeKindDto;
  readonly message: string;
  readonly plan: JumpPlan | null;
}

function describe(err: unknown): string {
  if (err instanceof ProcessError && err.notFound) return `${err.command} is not installed`;
  return err instanceof Error ? err.message : String(err);
}

/** Polls until some client shows the pane's session, or the deadline passes. */
async function waitForClient(deps: JumpDeps, sessionName: string): Promise<boolean> {
  const deadline = deps.clock.now() + (deps.attachTimeoutMs ?? 5000);
  for (;;) {
    const clients = await deps.tmux.listClients().catch(() => []);
    if (clients.some((c) => c.sessionName === sessionName)) return true;
    if (deps.clock.now() >= deadline) return false;
    await sleep(deps.clock, 100);
  }
}

/** Jumps to the pane: reads the server, plans, runs. Never throws; failures are in the report. */
export async function executeJump(deps: JumpDeps, pane: JumpTarget): Promise<JumpReport> {
  let socket: string;
  let plan: JumpPlan;
  let sessionName: string;
  try {
    // The pane must still exist before anything moves (tmux 3.3 `-t %gone` silently falls back to
    // the current pane), and its session now is what counts: a pane can be moved between sessions.
    const live = (await deps.tmux.listPanes()).find((p) => p.paneId === pane.paneId);
    if (live === undefined) return { outcome: 'gone', message: `${pane.target} no longer exists`, plan: null };
    sessionName = live.sessionName;
    socket = (await deps.tmux.command(['display-message', '-p', '#{socket_path}'])).trim();
    const clients = await deps.tmux.listClients();
    plan = planJump({
      paneId: pane.paneId,
      sessionName,
      home: { sessionId: live.sessionId, windowId: live.windowId },
      socket,
      clients,
      preferredClient: pane.client ?? null,
      platform: deps.platform,
      x11: deps.x11,
      terminalCommand: deps.terminalCommand,
    });
  } catch (err) {
    if (err instanceof TmuxError && (err.kind === 'no-such-pane' || err.kind === 'no-server'))
      return { outcome: 'gone', message: `${pane.target} no longer exists`, plan: null };
    return { outcome: 'unconfirmed', message: `could not reach tmux for ${pane.target}: ${describe(err)}`, plan: null };
  }
  switch (plan.kind) {
    case 'impossible':
      return { outcome: 'refused', message: `cannot jump to ${pane.target}: ${plan.reason}`, plan };
    case 'attached': {
      try {
        for (const args of plan.tmux) await deps.tmux.command(args);
      } catch (err) {
        return {
          outcome: 'unconfirmed',
          message: `could not switch the terminal on ${plan.client.tty} to ${pane.target}: ${describe(err)}`,
          plan,
        };
      }
      const shown = (await deps.tmux.command(['display-message', '-c', plan.client.tty, '-p', '#{pane_id}']).catch(() => '')).trim();
      if (shown !== pane.paneId)
        return {
          outcome: 'unconfirmed',
          message: `asked the terminal on ${plan.client.tty} to show ${pane.target}, but it shows ${shown || 'something else'}`,
          plan,
        };
      const raised = await raiseWindow(deps, plan.raise);
      const switched = `switched the terminal on ${plan.client.tty} to ${pane.target}`;
      return raised.ok
        ? { outcome: 'confirmed', message: `${switched} and brought ${raised.what} forward`, plan }
        : { outcome: 'unconfirmed', message: `${switched}, but could not bring its window forward: ${raised.problem}`, plan };
    }
    case 'open-terminal': {
      try {
        for (const args of plan.tmux) await deps.tmux.command(args);
      } catch (err) {
        return { outcome: 'unconfirmed', message: `could not select ${pane.target}: ${describe(err)}`, plan };
      }
      const launched = await deps.launcher.launch(plan.launch);
      if (!launched.ok)
        return { outcome: 'unconfirmed', message: `no terminal is attached, and opening one failed: ${launched.problem}`, plan };
      const attached = await waitForClient(deps, sessionName);
      return attached
        ? { outcome: 'confirmed', message: `no terminal was attached; opened ${plan.launch.file} on ${pane.target}`, plan }
        : {
            outcome: 'unconfirmed',
            message: `started ${plan.launch.file} for ${pane.target}, but no terminal attached within ${Math.round((deps.attachTimeoutMs ?? 5000) / 1000)} s`,
            plan,
          };
    }
    default:
      return assertNever(plan);
  }
}
