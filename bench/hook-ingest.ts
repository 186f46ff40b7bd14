/**
 * The hook path that exists on its own: the loopback server with the Claude ingest route
 * (registerHookIngest), reached by a direct POST and by the real forwarder process. Measures send →
 * the route's delivery callback, and the forwarder's own run time (it must never slow Claude).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiEndpoint } from '../main/engine/http/api-endpoint.ts';
import { MemoryHookEventCounter } from '../main/engine/hooks/hook-event-counter.ts';
import { registerHookIngest } from '../main/engine/hooks/hook-ingest.ts';
import { systemClock } from '../main/engine/platform/clock.ts';
import { silentLogger } from '../main/engine/platform/log.ts';
import { hookPayload, postHook, runForwarder } from './hook-post.ts';
import { preciseNow } from './host-protocol.ts';
import type { Summary } from './stats.ts';
import { summarize } from './stats.ts';

/** Latencies of the standalone ingest route (ms). */
export interface HookIngestResult {
  /** Direct POST sent → delivery to the engine side. */
  readonly postToDelivery: Summary;
  /** Forwarder process started → delivery (what a Claude hook costs before the engine can act). */
  readonly forwarderToDelivery: Summary;
  /** Forwarder process started → exited (Claude waits this long for the hook). */
  readonly forwarderRun: Summary;
  /** `node -e 0` started → exited on this machine now: the part of the forwarder's time that is Node's own start. */
  readonly bareNodeRun: Summary;
}

/** `samples` direct posts and `samples` forwarder runs, one at a time. */
export async function runHookIngest(samples: number): Promise<HookIngestResult> {
  const home = mkdtempSync(join(tmpdir(), 'tb-bench-hooks-'));
  const endpointFile = join(home, 'endpoint.json');
  const delivered: number[] = [];
  const api = await startApiEndpoint({
    home,
    endpointFile,
    port: 0,
    clock: systemClock,
    logger: silentLogger,
    pid: process.pid,
    setup: (server) =>
      registerHookIngest(server, {
        clock: systemClock,
        counter: new MemoryHookEventCounter(),
        deliver: () => delivered.push(preciseNow()),
      }),
  });
  try {
    const payload = hookPayload('PermissionRequest.json');
    const place = { tmuxPane: '%1', tmuxSocket: join(home, 'tmux.sock') };
    // Delivery number `index` (counted before sending: it may land before the sender's await returns).
    const next = async (before: number): Promise<number> => {
      for (let i = 0; i < 400 && delivered.length === before; i++) await new Promise((r) => setTimeout(r, 5));
      if (delivered.length === before) throw new Error('hook ingest: no delivery within 2 s');
      return delivered[before]!;
    };
    const warm = await postHook(api, payload, place); // warm up the HTTP client and the route
    if (warm !== 202) throw new Error(`hook ingest answered ${warm}`);
    await next(0);
    const post: number[] = [];
    for (let i = 0; i < samples; i++) {
      const before = delivered.length;
      const t0 = preciseNow();
      const status = await postHook(api, payload, place);
      if (status !== 202) throw new Error(`hook ingest answered ${status}`);
      post.push((await next(before)) - t0);
    }
    const forwarder: number[] = [];
    const run: number[] = [];
    for (let i = 0; i < samples; i++) {
      const before = delivered.length;
      const r = await runForwarder(endpointFile, payload, { home, tmuxPane: '%1', tmux: `${place.tmuxSocket},1,0` });
      forwarder.push((await next(before)) - r.started);
      run.push(r.exited - r.started);
    }
    const bare: number[] = [];
    for (let i = 0; i < samples; i++) bare.push(await bareNodeStart());
    return {
      postToDelivery: summarize(post),
      forwarderToDelivery: summarize(forwarder),
      forwarderRun: summarize(run),
      bareNodeRun: summarize(bare),
    };
  } finally {
    await api.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** ms from spawning `node -e 0` to its exit. */
function bareNodeStart(): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = preciseNow();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', () => resolve(preciseNow() - t0));
  });
}
