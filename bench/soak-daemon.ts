/**
 * The soak's engine: `trailboss daemon --tmux-socket <fleet>` as a child process of its own (so its
 * memory, descriptors and children are its own), with a private TRAILBOSS_HOME; stderr goes to a
 * file beside the database so its growth is measured like any log. Talks to it over the loopback
 * API with the token from its endpoint file, as the CLI does. Started with --expose-gc so each sample
 * can ask for a full collection first (the metrics route honours `{ gc: true }` only then).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEndpointFile } from '../main/engine/http/endpoint-info.ts';
import { resolvePaths } from '../main/engine/platform/paths.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** A running daemon and its API. */
export interface SoakDaemon {
  readonly pid: number;
  readonly home: string;
  readonly database: string;
  /** The daemon's stderr, captured (its log). */
  readonly logFile: string;
  /** POST a JSON body to an API path; resolves with the parsed answer. */
  post<T>(path: string, body: unknown): Promise<T>;
  /** The SSE event stream, held open as a browser UI would; counts the events read. */
  subscribe(): { events(): number; close(): void };
  /** SIGTERM, then SIGKILL after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Start the daemon on `socket` with `config` (JSON) in `home`; resolves once its API answers. */
export async function startSoakDaemon(home: string, socket: string, config: object): Promise<SoakDaemon> {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const env = { ...process.env, TRAILBOSS_HOME: home, TMUX: undefined, TMUX_PANE: undefined, npm_command: undefined };
  const paths = resolvePaths({ env, platform: process.platform, homedir: home });
  writeFileSync(paths.config, JSON.stringify(config));
  const logFile = join(home, 'daemon-stderr.log');
  const err = openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(REPO, 'main/cli/main.ts'), 'daemon', '--tmux-socket', socket],
    {
      cwd: REPO,
      env,
      stdio: ['ignore', 'ignore', err],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 60_000;
  let endpoint = readEndpointFile(paths.endpoint);
  while ((endpoint === null || endpoint.pid !== child.pid) && !gone && Date.now() < deadline) {
    await sleep(200);
    endpoint = readEndpointFile(paths.endpoint);
  }
  if (endpoint === null || endpoint.pid !== child.pid) {
    child.kill('SIGKILL');
    throw new Error(`trailboss daemon did not start: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
  }
  const token = readFileSync(endpoint.tokenFile, 'utf8').trim();
  const base = `http://127.0.0.1:${endpoint.port}`;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  return {
    pid: child.pid!,
    home,
    database: paths.database,
    logFile,
    async post<T>(path: string, body: unknown): Promise<T> {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      return (await res.json()) as T;
    },
    subscribe() {
      const abort = new AbortController();
      let events = 0;
      void (async () => {
        const res = await fetch(`${base}/api/events`, { headers: { Authorization: headers.Authorization }, signal: abort.signal });
        const reader = res.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          events += (
            Buffer.from(value)
              .toString('utf8')
              .match(/^event:/gm) ?? []
          ).length;
        }
      })().catch(() => {});
      return { events: () => events, close: () => abort.abort() };
    },
    async stop(timeoutMs = 20_000) {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
