/**
 * An engine watching a "remote" host over real OpenSSH: a private sshd on loopback, a private tmux
 * server (socket path) behind it, and the engine configured with that host — besides its own local
 * private server. The host's panes are reached only through ssh.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineHarness } from './engine-harness.ts';
import { startEngineHarness } from './engine-harness.ts';
import type { SshdOptions, TestSshd } from './sshd.ts';
import { startSshd } from './sshd.ts';
import type { PrivateTmux } from './tmux-server.ts';
import { startPrivateTmux } from './tmux-server.ts';

/** The host's name in the engine's config. */
export const REMOTE_HOST = 'box';

export interface RemoteHarness {
  readonly sshd: TestSshd;
  /** The tmux server on the "remote" host (reached by the engine only over ssh). */
  readonly remote: PrivateTmux;
  readonly h: EngineHarness;
  /** Pane key prefix of the remote server's panes. */
  readonly serverKey: string;
  dispose(): Promise<void>;
}

/** The config entry for the test host. */
export function remoteHostConfig(sshd: TestSshd, socket: string, name = REMOTE_HOST): Record<string, unknown> {
  return { name, destination: sshd.alias, sockets: [socket], sshConfig: sshd.sshConfig };
}

/** Start sshd, the remote tmux, and an engine whose config lists the host. */
export async function startRemoteHarness(
  opts: {
    config?: Record<string, unknown>;
    /** More fields of the host's config entry (`hooks: true`, …). */
    hostConfig?: Record<string, unknown>;
    api?: boolean;
    sshd?: SshdOptions;
    /** Environment of the host's ssh sessions (shorthand for `sshd.sessionEnv`). */
    sessionEnv?: Record<string, string>;
    /** Runs once sshd and the remote tmux are up, before the engine starts (e.g. install hooks on the host). */
    beforeEngine?: (sshd: TestSshd, remoteSocket: string) => Promise<void>;
  } = {},
): Promise<RemoteHarness> {
  const sshd = await startSshd({ ...opts.sshd, ...(opts.sessionEnv ? { sessionEnv: opts.sessionEnv } : {}) });
  const socket = join(sshd.dir, 'remote-tmux.sock');
  const remote = await startPrivateTmux({ socketPath: socket });
  await opts.beforeEngine?.(sshd, socket);
  const h = await startEngineHarness({
    api: opts.api,
    beforeStart: (home) => {
      mkdirSync(join(home, 'tb'), { recursive: true });
      writeFileSync(
        join(home, 'tb', 'config.json'),
        JSON.stringify({ hosts: [{ ...remoteHostConfig(sshd, socket), ...opts.hostConfig }], ...(opts.config ?? {}) }),
      );
    },
  });
  return {
    sshd,
    remote,
    h,
    serverKey: `@${REMOTE_HOST}:S:${socket}`,
    async dispose() {
      await h.dispose();
      await remote.kill();
      await sshd.dispose();
    },
  };
}
