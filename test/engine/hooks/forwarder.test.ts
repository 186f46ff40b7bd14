/** bin/trailboss-hook.mjs, run as Claude Code runs it: a real process, payload on stdin. */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiEndpoint } from '../../../main/engine/http/api-endpoint.ts';
import type { ApiEndpoint } from '../../../main/engine/http/api-endpoint.ts';
import { HOOK_PATH, writeEndpointFile } from '../../../main/engine/http/endpoint-file.ts';
import { MemoryHookEventCounter } from '../../../main/engine/hooks/hook-event-counter.ts';
import { registerHookIngest } from '../../../main/engine/hooks/hook-ingest.ts';
import type { HookDelivery } from '../../../main/engine/hooks/hook-ingest.ts';
import { LoopbackServer } from '../../../main/engine/http/server.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { forwarderSpecFor, plannedEntries } from '../../../main/engine/hooks/install.ts';
import { hookExample } from './fixture-hooks.ts';
import { tempDir } from '../http/http-helpers.ts';
import { poll } from '../../support/poll.ts';
import { PINNED_NODE, runNode, type NodeRun } from '../../support/run-node.ts';

const SCRIPT = path.resolve('bin/trailboss-hook.mjs');

/** Run the forwarder with `stdin` and a clean environment (never the real HOME). */
function runForwarder(args: string[], stdin: string, env: Record<string, string>): Promise<NodeRun> {
  return runNode([SCRIPT, ...args], { env, stdin });
}

function percentiles(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length * 0.5)] as number, p95: sorted[Math.ceil(sorted.length * 0.95) - 1] as number };
}

let home: string;
let cleanup: () => void;
beforeEach(() => ({ dir: home, cleanup } = tempDir('tb-forwarder')));
afterEach(() => cleanup());

const stopPayload = JSON.stringify(hookExample('Stop.json'));

describe('trailboss-hook.mjs without an engine', () => {
  it('exits 0 silently when the endpoint file does not exist', async () => {
    const run = await runForwarder(['--endpoint', path.join(home, 'endpoint.json'), 'Stop'], stopPayload, { HOME: home });
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('exits 0 silently when it has no --endpoint and TRAILBOSS_HOME holds no engine', async () => {
    const run = await runForwarder(['Stop'], stopPayload, { HOME: home, TRAILBOSS_HOME: home });
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('exits 0 silently when the endpoint file names a port nobody listens on', async () => {
    const probe = new LoopbackServer({ port: 0, token: 'x'.repeat(64), clock: systemClock, logger: silentLogger });
    const { port } = await probe.start();
    await probe.close();
    writeFileSync(path.join(home, 'api-token'), 'x'.repeat(64));
    writeEndpointFile(path.join(home, 'endpoint.json'), { pid: 1, port, tokenFile: path.join(home, 'api-token'), startedAt: 0 });
    const run = await runForwarder(['--endpoint', path.join(home, 'endpoint.json'), 'Stop'], stopPayload, { HOME: home });
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('does not wait for stdin to close when there is no engine', async () => {
    const child = spawn(PINNED_NODE, [SCRIPT, '--endpoint', path.join(home, 'endpoint.json'), 'Stop'], {
      env: { HOME: home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const started = performance.now();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    // stdin is still open: only the 3 s backstop could end a forwarder that waits for it.
    expect(code).toBe(0);
    expect(performance.now() - started).toBeLessThan(2_000);
    child.stdin.destroy();
  });

  it('exits 0 silently when the endpoint file is garbage', async () => {
    writeFileSync(path.join(home, 'endpoint.json'), '{not json');
    const run = await runForwarder(['--endpoint', path.join(home, 'endpoint.json'), 'Stop'], stopPayload, { HOME: home });
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('gives up on an engine that accepts the connection but never answers (300 ms request cap)', async () => {
    const stuck = new LoopbackServer({ port: 0, token: 'y'.repeat(64), clock: systemClock, logger: silentLogger });
    stuck.route('POST', HOOK_PATH, () => new Promise(() => {}));
    const { port } = await stuck.start();
    try {
      writeFileSync(path.join(home, 'api-token'), 'y'.repeat(64));
      writeEndpointFile(path.join(home, 'endpoint.json'), { pid: 1, port, tokenFile: path.join(home, 'api-token'), startedAt: 0 });
      const run = await runForwarder(['--endpoint', path.join(home, 'endpoint.json'), 'Stop'], stopPayload, { HOME: home });
      expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
      // The request cap, not the 3 s backstop, ended it: 300 ms plus process start.
      expect(run.ms).toBeLessThan(2_000);
    } finally {
      await stuck.close();
    }
  });

  it('exits fast with no engine: 30 runs add little to bare `node -e 0` startup, measured interleaved', async () => {
    // The machine is shared, so absolute times swing with load; interleaving with a bare node
    // start measures what the forwarder itself adds (the target is <= 50 ms on an idle machine).
    const forwarder: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < 30; i++) {
      const run = await runForwarder(['--endpoint', path.join(home, 'endpoint.json'), 'Stop'], stopPayload, { HOME: home });
      expect(run.code).toBe(0);
      forwarder.push(run.ms);
      bare.push((await runNode(['-e', '0'])).ms);
    }
    const f = percentiles(forwarder);
    const b = percentiles(bare);
    console.log(
      `trailboss-hook no-engine exit over 30 runs: p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms; bare node -e 0: p50 ${b.p50.toFixed(1)} ms, p95 ${b.p95.toFixed(1)} ms`,
    );
    // Load slows both alike, so compare relative to the baseline: waiting on stdin or on any
    // deadline would add >= 300 ms, far beyond twice a bare start.
    expect(f.p50).toBeLessThan(2 * b.p50 + 20);
    // 60 process starts in a row: on a loaded 2-core machine each can take a second, so the suite's
    // 20 s default (sized for one scenario) is the wrong deadline here; the assertion above is relative.
  }, 180_000);
});

describe('trailboss-hook.mjs with a running engine', () => {
  let api: ApiEndpoint;
  let deliveries: HookDelivery[];

  beforeEach(async () => {
    deliveries = [];
    api = await startApiEndpoint({
      home,
      endpointFile: path.join(home, 'endpoint.json'),
      port: 0,
      clock: systemClock,
      logger: silentLogger,
      pid: process.pid,
      setup: (server) =>
        registerHookIngest(server, { clock: systemClock, counter: new MemoryHookEventCounter(), deliver: (d) => deliveries.push(d) }),
    });
  });
  afterEach(async () => {
    await api.close();
  });

  it('delivers the payload with the tmux pane, socket and its parent pid', async () => {
    const run = await runForwarder(['--endpoint', path.join(home, 'endpoint.json'), 'Stop'], stopPayload, {
      HOME: home,
      TMUX_PANE: '%7',
      TMUX: '/tmp/tmux-1000/tb-x,12345,0',
    });
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    await poll(() => deliveries.length === 1, 'delivery');
    expect(deliveries[0]).toMatchObject({
      event: 'Stop',
      origin: { tmuxPane: '%7', tmuxSocket: '/tmp/tmux-1000/tb-x', ppid: process.pid },
      signal: { kind: 'stop' },
    });
  });

  it('finds the engine through TRAILBOSS_HOME when no --endpoint is given', async () => {
    const run = await runForwarder(['PermissionRequest'], JSON.stringify(hookExample('PermissionRequest.json')), {
      HOME: home,
      TRAILBOSS_HOME: home,
    });
    expect(run.code).toBe(0);
    await poll(() => deliveries.length === 1, 'delivery');
    expect(deliveries[0]?.origin).toEqual({ tmuxPane: null, tmuxSocket: null, ppid: process.pid });
  });

  it('forwards unparseable stdin so the engine counts it, and still exits 0 silently', async () => {
    const run = await runForwarder(['--endpoint', path.join(home, 'endpoint.json'), 'Stop'], '{"cut', { HOME: home });
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    await poll(() => api.server.rejections.get('schema-invalid') === 1, 'refusal counted');
    expect(deliveries).toHaveLength(0);
  });

  it('runs as the exact command `hooks install` writes, through sh, with no PATH at all', async () => {
    const spec = forwarderSpecFor({
      appRoot: path.resolve('.'),
      packaged: false,
      execPath: '/unused',
      endpointFile: path.join(home, 'endpoint.json'),
    });
    const entry = plannedEntries({
      settingsPath: '/unused',
      forwarder: spec,
      clock: systemClock,
      counter: new MemoryHookEventCounter(),
    }).find((e) => e.event === 'PermissionRequest');
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn('/bin/sh', ['-c', entry?.command ?? 'false'], {
        env: { HOME: home, TMUX_PANE: '%2' },
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      child.on('error', reject);
      child.on('close', resolve);
      child.stdin.end(JSON.stringify(hookExample('PermissionRequest.json')));
    });
    expect(code).toBe(0);
    await poll(() => deliveries.length === 1, 'delivery');
    expect(deliveries[0]).toMatchObject({
      event: 'PermissionRequest',
      origin: { tmuxPane: '%2' },
      signal: { kind: 'permission-request', subject: 'ls -la /tmp' },
    });
  });
});
