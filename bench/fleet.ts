/** A private tmux server (socket in a temp dir, never the user's) with scripted agents in it, for one bench phase. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScriptedAgent } from '../test/support/scripted-agent/start.ts';
import { startScriptedAgents } from '../test/support/scripted-agent/start.ts';
import type { Scenario } from '../test/support/scripted-agent/scenario.ts';
import type { PrivateTmux } from '../test/support/tmux-server.ts';
import { startPrivateTmux } from '../test/support/tmux-server.ts';

/** Agents per tmux session (each in its own window, so window activity tells panes apart). */
const WINDOWS_PER_SESSION = 10;

/** The server and its agents. */
export interface Fleet {
  readonly tmux: PrivateTmux;
  readonly socket: string;
  /** A temp dir for this phase (engine homes go here); removed by dispose(). */
  readonly dir: string;
  readonly agents: readonly ScriptedAgent[];
  /** The tmux server's pid (for its CPU). */
  readonly serverPid: number;
  /** Server key + pane id, as the engine names panes (`S:<socket>|%3`). */
  paneKey(agent: ScriptedAgent): string;
  /** Kill the server and remove the temp dirs. */
  dispose(): Promise<void>;
}

/** Fleets not yet disposed, so an interrupted bench can still kill its tmux servers. */
const live = new Set<Fleet>();

/** Dispose every fleet still running (Ctrl-C on the bench). */
export async function disposeAllFleets(): Promise<void> {
  await Promise.allSettled([...live].map((f) => f.dispose()));
}

/** Start a server with one agent per scenario; resolves when every agent has drawn its first screen. */
export async function startFleet(scenarios: readonly Scenario[]): Promise<Fleet> {
  const dir = mkdtempSync(join(tmpdir(), 'tb-bench-'));
  const socket = join(dir, 'tmux.sock');
  const tmux = await startPrivateTmux({ socketPath: socket });
  try {
    const items = scenarios.map((scenario, i) => ({
      scenario,
      opts: { session: `bench${Math.floor(i / WINDOWS_PER_SESSION)}`, readyTimeoutMs: 60_000 },
    }));
    // The first agent of each session creates it; starting two of one session at once would race to create it.
    const first = items.filter((_, i) => i % WINDOWS_PER_SESSION === 0);
    const rest = items.filter((_, i) => i % WINDOWS_PER_SESSION !== 0);
    const [firstAgents, restAgents] = [await startScriptedAgents(tmux, first), await startScriptedAgents(tmux, rest)];
    const agents = items.map((_, i) =>
      i % WINDOWS_PER_SESSION === 0 ? firstAgents[i / WINDOWS_PER_SESSION]! : restAgents[i - Math.floor(i / WINDOWS_PER_SESSION) - 1]!,
    );
    const serverPid = Number((await tmux.tmux(['display-message', '-p', '#{pid}'])).trim());
    const fleet: Fleet = {
      tmux,
      socket,
      dir,
      agents,
      serverPid,
      paneKey: (agent) => `S:${socket}|${agent.paneId}`,
      async dispose() {
        live.delete(fleet);
        await tmux.kill();
        rmSync(dir, { recursive: true, force: true });
      },
    };
    live.add(fleet);
    return fleet;
  } catch (error) {
    await tmux.kill();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
