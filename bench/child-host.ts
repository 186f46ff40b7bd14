/** Parent side of the bench hosts: spawn one, collect its messages, wait for one, stop it. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EngineHostConfig, HostMessage, ObserverHostConfig } from './host-protocol.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** A running host process. */
export interface HostHandle {
  readonly pid: number;
  /** Every message so far, in order. */
  readonly messages: readonly HostMessage[];
  /** Pids of the long-lived children it reported (the control-mode client). */
  spawnedPids(): number[];
  /** Resolve with the first message (already received or to come) that passes `test`. */
  waitFor<M extends HostMessage>(test: (m: HostMessage) => m is M, timeoutMs: number, what: string): Promise<M>;
  /** Ask for its counters now; resolves with its answer. */
  stats(): Promise<Extract<HostMessage, { type: 'stats' }>>;
  /** Ask it to stop; resolves when the process has exited. Kills it after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
  /** Its stderr so far (warnings, errors). */
  stderr(): string;
}

/**
 * `BENCH_CPU_PROF=<dir>` runs the engine host under V8's sampling profiler; each engine writes a
 * `.cpuprofile` into `<dir>` when it stops (summarise with `bench/cpu-profile-summary.ts`). Off by
 * default: the profiler itself costs CPU, so profiled runs are for finding where it goes, not for figures.
 */
function profileArgs(script: string): string[] {
  const dir = process.env['BENCH_CPU_PROF'];
  if (!dir || script !== 'engine-host.ts') return [];
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=500'];
}

/** Start `bench/<script>` under tsx on the pinned Node with its JSON config; resolves once it says `ready`. */
export async function startHost(
  script: 'engine-host.ts' | 'observer-host.ts',
  config: EngineHostConfig | ObserverHostConfig,
  readyTimeoutMs = 60_000,
): Promise<HostHandle> {
  // tsx (not Node's type stripping): the engine uses constructor parameter properties.
  const child = spawn(
    process.execPath,
    [...profileArgs(script), '--import', 'tsx', fileURLToPath(new URL(`./${script}`, import.meta.url)), JSON.stringify(config)],
    {
      cwd: REPO,
      env: { ...process.env, TMUX: undefined, TMUX_PANE: undefined },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const messages: HostMessage[] = [];
  const waiters = new Set<() => void>();
  let err = '';
  let out = '';
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      for (const w of waiters) w();
      resolve();
    }),
  );
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    for (let nl = out.indexOf('\n'); nl >= 0; nl = out.indexOf('\n')) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      if (line.startsWith('{')) messages.push(JSON.parse(line) as HostMessage);
    }
    for (const w of waiters) w();
  });
  child.stdin.on('error', () => {}); // it may exit before reading a command
  const handle: HostHandle = {
    pid: child.pid ?? -1,
    messages,
    spawnedPids: () => messages.flatMap((m) => (m.type === 'spawned' ? [m.pid] : [])),
    waitFor<M extends HostMessage>(test: (m: HostMessage) => m is M, timeoutMs: number, what: string): Promise<M> {
      return new Promise<M>((resolve, reject) => {
        const check = (): void => {
          const found = messages.find(test);
          if (found) done(() => resolve(found));
          else if (exited) done(() => reject(new Error(`${script} exited before ${what}; stderr: ${err.slice(-2000)}`)));
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`${script}: timed out waiting for ${what}; stderr: ${err.slice(-2000)}`))),
          timeoutMs,
        );
        const done = (settle: () => void): void => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      });
    },
    stats() {
      const before = messages.filter((m) => m.type === 'stats').length;
      child.stdin.write(`${JSON.stringify({ cmd: 'stats' })}\n`);
      const isStats = (m: HostMessage): m is Extract<HostMessage, { type: 'stats' }> => m.type === 'stats';
      return handle.waitFor(
        (m): m is Extract<HostMessage, { type: 'stats' }> => isStats(m) && messages.filter(isStats).indexOf(m) >= before,
        10_000,
        'stats',
      );
    },
    async stop(timeoutMs = 15_000) {
      if (exited) return;
      child.stdin.end(`${JSON.stringify({ cmd: 'stop' })}\n`);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exit;
      clearTimeout(timer);
    },
    stderr: () => err,
  };
  try {
    await handle.waitFor((m): m is Extract<HostMessage, { type: 'ready' }> => m.type === 'ready', readyTimeoutMs, 'ready');
  } catch (error) {
    child.kill('SIGKILL');
    await exit;
    throw error;
  }
  return handle;
}

/**
 * Start hosts together and run `body` with them (in the order of `starting`). Every host that started
 * is stopped afterwards, also when another failed to start (whose error is then thrown).
 */
export async function withHostsTogether<T>(
  starting: readonly Promise<HostHandle>[],
  body: (hosts: readonly HostHandle[]) => Promise<T>,
): Promise<T> {
  const started = await Promise.allSettled(starting);
  const hosts = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return await body(hosts);
  } finally {
    await Promise.all(hosts.map((h) => h.stop()));
  }
}
