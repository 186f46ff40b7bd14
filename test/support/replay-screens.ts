/**
 * Recorded screens replayed as live panes: each shown in a pane of one private tmux server under the real
 * binary's process name, found by discovery and read by the real observer over a control-mode client, then
 * turned into what `trailboss status --json` reports (`agentFromObserved`). The peer-screen and the
 * pane-size replays both read their screens so.
 */
import { agentFromObserved } from '../../main/cli/commands/status.ts';
import type { AgentStatus } from '../../main/cli/format-status.ts';
import { systemClock } from '../../main/engine/platform/clock.ts';
import type { TmuxClient } from '../../main/engine/tmux/types.ts';
import { namedSleeper, showFixtureCommand } from './fake-agent-binary.ts';
import { observeSettled } from './observe-settled.ts';
import { PROCESS_NAME } from './peer-screens.ts';
import { realObserver } from './real-observer.ts';
import { startPrivateTmux } from './tmux-server.ts';
import type { NewPaneOptions, PrivateTmux } from './tmux-server.ts';

/** One screen to replay: its id, its runtime (for the process name), and the file the pane shows. */
export interface ReplayedScreen {
  readonly id: string;
  readonly runtime: string;
}

/** What a replay read, by screen id, and how to stop its tmux server and client. */
export interface Replay {
  readonly seen: ReadonlyMap<string, AgentStatus>;
  close(): Promise<void>;
}

/**
 * Show every screen (`show` names its file and pane options) and read them all once they settled. `label` names
 * the panes in a timeout message.
 */
export async function replayScreens<S extends ReplayedScreen>(
  screens: readonly S[],
  show: (screen: S, index: number) => { readonly file: string; readonly pane: NewPaneOptions },
  label: string,
): Promise<Replay> {
  let tmux: PrivateTmux | null = null;
  let client: TmuxClient | null = null;
  const close = async () => {
    await client?.close();
    await tmux?.kill();
  };
  try {
    const t = await startPrivateTmux();
    tmux = t;
    const panes = new Map<string, S>();
    // One sleeper binary per process name (a copy being run cannot be overwritten).
    const sleepers = new Map(Object.entries(PROCESS_NAME).map(([runtime, name]) => [runtime, namedSleeper(t.dir, name)]));
    for (const [index, screen] of screens.entries()) {
      const { file, pane } = show(screen, index);
      panes.set(await t.newPane(showFixtureCommand(file, sleepers.get(screen.runtime) ?? ''), pane), screen);
    }
    const real = await realObserver(t);
    client = real.client;
    const now = systemClock.now();
    const seen = new Map<string, AgentStatus>();
    for (const pane of await observeSettled(real.observer, new Set(panes.keys()), label)) {
      const screen = panes.get(pane.info.paneId);
      if (screen) seen.set(screen.id, agentFromObserved(pane, now));
    }
    return { seen, close };
  } catch (err) {
    await close();
    throw err;
  }
}
