/**
 * A user's real tmux client for popup tests: `tmux attach` run inside a pane of a second private
 * server, so the client has a terminal and its screen can be read with capture-pane. Also the wait
 * for a jump from the popup: that client on the agent's pane, the popup gone from its screen.
 */
import type { EngineHarness } from './engine-harness.ts';
import { poll } from './poll.ts';
import { startPrivateTmux, type PrivateTmux } from './tmux-server.ts';

/** The attached client. */
export interface AttachedClient {
  /** The outer server whose pane runs the client; kill it in afterEach. */
  readonly outer: PrivateTmux;
  /** That pane: send keys here to type into the client. */
  readonly view: string;
  /** The client's tty as the engine's server knows it. */
  readonly tty: string;
  /** The client's screen now (trailing spaces dropped). */
  screen(): Promise<string>;
}

/** Attach a client of `size` to `session` on the harness's server, from a pane of a new private server. */
export async function attachClient(h: EngineHarness, session: string, size = { width: 100, height: 30 }): Promise<AttachedClient> {
  const outer = await startPrivateTmux();
  const view = await outer.newPane(`env -u TMUX tmux -S '${h.socket}' -f /dev/null attach -t ${session}`, size);
  const tty = await poll(
    async () =>
      (await h.tmux.tmux(['list-clients', '-F', '#{client_tty} #{session_name}']))
        .split('\n')
        .find((l) => l.endsWith(` ${session}`))
        ?.split(' ')[0],
    'the client attached',
  );
  const screen = async () => (await outer.tmux(['capture-pane', '-p', '-t', view])).replace(/ +\n/g, '\n');
  return { outer, view, tty, screen };
}

/** Waits until the client shows the agent's pane and the popup has left its screen; returns that screen. */
export async function waitJumpedAndClosed(h: EngineHarness, client: AttachedClient, session: string, paneId: string): Promise<string> {
  await poll(
    async () =>
      (await h.tmux.tmux(['list-clients', '-F', '#{client_tty} #{session_name} #{pane_id}'])).includes(
        `${client.tty} ${session} ${paneId}`,
      ),
    'the client switched to the agent',
  );
  return poll(async () => {
    const text = await client.screen();
    return !text.includes('Trail Boss ·') && text.includes('Do you want to proceed?') ? text : null;
  }, 'the popup closed on the agent');
}
