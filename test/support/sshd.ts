/**
 * A private OpenSSH server per test: Debian's `/usr/sbin/sshd` on a loopback port, with a generated
 * host key, a generated user key and its own sshd_config, and a client config file (`ssh -F`) that
 * pins the host key (StrictHostKeyChecking yes, a private known_hosts). The "remote" side is this
 * machine, so a remote tmux server is just a private tmux socket. Stopped by the test.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { realRunner } from '../../main/engine/platform/run.ts';
import { poll } from './poll.ts';

/** The sshd binary (Debian openssh-server). */
export const SSHD_BINARY = '/usr/sbin/sshd';

/** A running private sshd and the client side set up to reach it. */
export interface TestSshd {
  /** Temp dir holding keys, configs and logs (removed by dispose). */
  readonly dir: string;
  readonly port: number;
  /** The `Host` alias in the client config: the ssh destination to use. */
  readonly alias: string;
  /** Client config for `ssh -F` (host key pinned, user key, batch mode). */
  readonly sshConfig: string;
  readonly knownHosts: string;
  /** True while the listening sshd runs. */
  readonly running: boolean;
  /** Start the listener again (same port, same host key unless changed). */
  start(): Promise<void>;
  /** Kill the listener and every session it opened (a host that went down). */
  stop(): Promise<void>;
  /** Kill only the per-connection sshd processes: established connections drop, the listener stays. */
  dropConnections(): Promise<void>;
  /** A new host key for the server (the client's known_hosts keeps the old one); restarts the listener if it ran. */
  changeHostKey(): Promise<void>;
  /** The sshd log so far (for failure messages). */
  log(): string;
  /** Stop everything and remove the temp dir. */
  dispose(): Promise<void>;
}

/** True when sshd and ssh are installed (the tests need both). */
export function sshdAvailable(): boolean {
  try {
    readFileSync(SSHD_BINARY);
    return true;
  } catch {
    return false;
  }
}

/**
 * PATH for the "remote" sessions: the repository's pinned Node first, so a test that needs Node on the
 * host finds it there whether or not the machine has a system Node.
 */
export const REMOTE_PATH_WITH_NODE = `${resolve('node_modules/node/bin')}:/usr/local/bin:/usr/bin:/bin`;

/** A free loopback port (bound, then released: the caller binds it right after). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function keygen(path: string): Promise<void> {
  const r = await realRunner.run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'trailboss-test', '-f', path], {
    timeoutMs: 10_000,
  });
  if (r.exitCode !== 0) throw new Error(`ssh-keygen: ${r.stderr.trim()}`);
}

function writeKnownHosts(file: string, port: number, hostKeyPub: string): void {
  const [type, key] = readFileSync(hostKeyPub, 'utf8').trim().split(/\s+/);
  writeFileSync(file, `[127.0.0.1]:${port} ${type} ${key}\n`, { mode: 0o600 });
}

/** Whether `port` answers with an SSH banner. */
function answersSsh(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let data = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      if (data.startsWith('SSH-2.0-')) done(true);
    });
    socket.on('error', () => done(false));
  });
}

/** Child pids of `pid`, from /proc (the per-connection sshd processes). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(name));
    } catch {
      // Exited while we read.
    }
  }
  return out;
}

function killTree(pid: number): void {
  for (const child of childrenOf(pid)) killTree(child);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Options of a private sshd. */
export interface SshdOptions {
  /**
   * Environment of every session (sshd's `SetEnv`, which overrides what sshd sets itself): a test
   * gives the "remote" user its own HOME or CLAUDE_CONFIG_DIR in a temp dir. Values without spaces.
   */
  readonly sessionEnv?: Readonly<Record<string, string>>;
  /**
   * sshd's StreamLocalBindUnlink (default here: yes). `false` is OpenSSH's own default: a socket file
   * a dropped connection left stops the next remote forward to that path from binding.
   */
  readonly streamLocalBindUnlink?: boolean;
}

/**
 * Start a private sshd. The test user is whoever runs the tests (root here, hence
 * PermitRootLogin prohibit-password); StrictModes is off because the keys live in a temp dir.
 */
export async function startSshd(opts: SshdOptions = {}): Promise<TestSshd> {
  const dir = mkdtempSync(join(tmpdir(), 'tb-sshd-'));
  // The "remote" user's HOME is a temp dir unless the test names one: bash run by sshd reads
  // ~/.bashrc, and the machine's own (pyenv's rehash takes a lock there) made concurrent sessions
  // wait on each other past their time limits. Nothing of the real home reaches a remote session.
  const home = join(dir, 'home');
  mkdirSync(home);
  const sessionEnv = Object.entries({ HOME: home, ...opts.sessionEnv });
  for (const [k, v] of sessionEnv) if (/[\s"]/.test(k + v)) throw new Error(`sessionEnv ${k}: no spaces or quotes`);
  // sshd running as root insists on its privilege separation directory (made at boot by the service).
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const hostKey = join(dir, 'host_key');
  const userKey = join(dir, 'user_key');
  await keygen(hostKey);
  await keygen(userKey);
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(`${userKey}.pub`), { mode: 0o600 });
  const port = await freePort();
  const alias = `tb-host-${randomBytes(4).toString('hex')}`;
  const user = userInfo().username;
  const sshdConfig = join(dir, 'sshd_config');
  writeFileSync(
    sshdConfig,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      'StrictModes no',
      'PermitRootLogin prohibit-password',
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'AllowStreamLocalForwarding yes',
      `StreamLocalBindUnlink ${opts.streamLocalBindUnlink === false ? 'no' : 'yes'}`,
      'PrintMotd no',
      `SetEnv ${sessionEnv.map(([k, v]) => `${k}=${v}`).join(' ')}`,
      'LogLevel VERBOSE',
      '',
    ].join('\n'),
  );
  const knownHosts = join(dir, 'known_hosts');
  writeKnownHosts(knownHosts, port, `${hostKey}.pub`);
  const sshConfig = join(dir, 'ssh_config');
  writeFileSync(
    sshConfig,
    [
      `Host ${alias}`,
      '  HostName 127.0.0.1',
      `  Port ${port}`,
      `  User ${user}`,
      `  IdentityFile ${userKey}`,
      '  IdentitiesOnly yes',
      '  IdentityAgent none',
      `  UserKnownHostsFile ${knownHosts}`,
      '  GlobalKnownHostsFile /dev/null',
      '  StrictHostKeyChecking yes',
      '  BatchMode yes',
      '  LogLevel ERROR',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );

  const logPath = join(dir, 'sshd.log');
  writeFileSync(logPath, '');
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const start = async (): Promise<void> => {
    if (child) return;
    const fd = openSync(logPath, 'a');
    const proc = spawn(SSHD_BINARY, ['-D', '-e', '-f', sshdConfig], { stdio: ['ignore', fd, fd] });
    closeSync(fd);
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    void exited.then(() => {
      if (child === proc) child = null;
    });
    await poll(
      () => (child === proc ? answersSsh(port) : Promise.reject(new Error(`sshd exited: ${readFileSync(logPath, 'utf8')}`))),
      `sshd on port ${port}`,
      {
        timeoutMs: 10_000,
        intervalMs: 50,
      },
    );
  };

  const stop = async (): Promise<void> => {
    const proc = child;
    if (!proc?.pid) return;
    killTree(proc.pid);
    await exited;
  };

  const sshd: TestSshd = {
    dir,
    port,
    alias,
    sshConfig,
    knownHosts,
    get running() {
      return child !== null;
    },
    start,
    stop,
    async dropConnections() {
      const pid = child?.pid;
      if (!pid) return;
      for (const session of childrenOf(pid)) killTree(session);
    },
    async changeHostKey() {
      const wasRunning = child !== null;
      await stop();
      rmSync(hostKey, { force: true });
      rmSync(`${hostKey}.pub`, { force: true });
      await keygen(hostKey);
      if (wasRunning) await start();
    },
    log: () => readFileSync(logPath, 'utf8'),
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await start();
  return sshd;
}

/**
 * A loopback port that accepts TCP connections and never says a word: a host that "never answers".
 * `close()` drops every connection and the listener.
 */
export async function startSilentPort(): Promise<{ port: number; connections(): number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    connections: () => accepted,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
