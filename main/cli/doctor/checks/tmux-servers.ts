/** Doctor check: the tmux servers Trail Boss will watch (the default one and configured sockets), and which answer. */
import { existsSync } from 'node:fs';
import { loadConfig } from '../../../engine/config/load.ts';
import { silentLogger } from '../../../engine/platform/log.ts';
import { openTmuxClient } from '../../../engine/tmux/open.ts';
import type { PaneInfo, TmuxServer } from '../../../engine/tmux/types.ts';
import { serversFor } from '../../servers.ts';
import { advice, ok, type DoctorEnv, type DoctorCheck } from '../check.ts';

/** The servers `daemon` would watch: --tmux-socket, else the default server and the config's sockets. */
export function watchedServers(env: DoctorEnv): TmuxServer[] {
  const loaded = loadConfig(env.paths.config);
  return serversFor(env.sockets, loaded.ok ? loaded.config.tmux.sockets : []);
}

/** The socket file of a server: its own path, or where tmux puts the default one. */
export function socketOf(server: TmuxServer, env: DoctorEnv): string {
  if (server.kind === 'socket') return server.path;
  return `${env.ctx.env['TMUX_TMPDIR'] || '/tmp'}/tmux-${process.getuid?.() ?? 'UID'}/default`;
}

/** Panes per watched server; null for a server whose socket is not there (tmux reports no panes for it either way). */
export async function panesPerServer(env: DoctorEnv): Promise<{ server: TmuxServer; panes: readonly PaneInfo[] | null }[]> {
  const out: { server: TmuxServer; panes: readonly PaneInfo[] | null }[] = [];
  for (const server of watchedServers(env)) {
    if (!existsSync(socketOf(server, env))) {
      out.push({ server, panes: null });
      continue;
    }
    const client = await openTmuxClient(server, env.runner, { mode: 'batch', logger: silentLogger });
    try {
      out.push({ server, panes: await client.listPanes().catch(() => null) });
    } finally {
      await client.close();
    }
  }
  return out;
}

export const tmuxServersCheck: DoctorCheck = {
  id: 'tmux-servers',
  title: 'tmux servers',
  async run(env) {
    if (env.tmux.kind === 'missing') return advice('not checked: tmux is not installed', null);
    const found = await panesPerServer(env);
    const parts = found.map(
      ({ server, panes }) =>
        `${server.kind === 'default' ? 'default server ' : ''}${socketOf(server, env)}: ${panes === null ? 'not running' : `${panes.length} pane${panes.length === 1 ? '' : 's'}`}`,
    );
    if (found.every((f) => f.panes === null)) {
      return advice(
        `no watched tmux server is running (${parts.join('; ')})`,
        'start tmux and run your coding agents inside it; other sockets go in config.json under tmux.sockets',
      );
    }
    return ok(parts.join('; '));
  },
};
