/**
 * `trailboss hook <Event>`: forwards stdin to the running engine like bin/trailboss-hook.mjs, and
 * whatever happens (no engine, a dead one, garbage on stdin) prints nothing and answers 0 fast.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hookEnvelope } from '../../main/cli/commands/hook.ts';
import type { CliContext } from '../../main/cli/context.ts';
import { runCli } from '../../main/cli/run-cli.ts';
import { writeEndpointFile } from '../../main/engine/http/endpoint-file.ts';
import { parseHookEnvelope } from '../../main/engine/hooks/hook-envelope.ts';
import { systemClock } from '../../main/engine/platform/clock.ts';
import { claudePermBash } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import { cli } from '../support/cli-context.ts';
import type { EngineHarness } from '../support/engine-harness.ts';
import { startEngineHarness } from '../support/engine-harness.ts';
import { hookExample } from '../engine/hooks/fixture-hooks.ts';
import { heldWorking, paneKeyOf, queue, waitForTruth } from '../engine/hooks-integration/support.ts';
import { poll } from '../support/poll.ts';

const dirs: string[] = [];
let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tb-cli-hook-'));
  dirs.push(dir);
  return dir;
}

const PERMISSION = JSON.stringify(hookExample('PermissionRequest.json'));

/** Run `trailboss hook …` in-process, noting whether stdin was asked for. */
async function hookRun(argv: string[], home: string, stdin = PERMISSION) {
  let out = '';
  let stdinRead = false;
  const ctx: CliContext = {
    argv: ['hook', ...argv],
    env: { TRAILBOSS_HOME: home, HOME: home, PATH: process.env.PATH },
    cwd: home,
    platform: process.platform,
    homedir: home,
    clock: systemClock,
    stdout: (t) => void (out += t),
    stderr: (t) => void (out += t),
    stdin: async () => {
      stdinRead = true;
      return stdin;
    },
    stopSignal: new AbortController().signal,
  };
  const started = performance.now();
  const code = await runCli(ctx);
  return { code, output: out, stdinRead, ms: performance.now() - started };
}

describe('trailboss hook <Event>', () => {
  it('with no engine, answers 0 at once without output and without reading stdin', async () => {
    const run = await hookRun(['PermissionRequest'], tempHome());
    expect(run).toMatchObject({ code: 0, output: '', stdinRead: false });
    expect(run.ms).toBeLessThan(500);
  });

  it('with an engine that died (endpoint file left, port closed), still answers 0 silently', async () => {
    const home = tempHome();
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    await new Promise((r) => server.close(r));
    writeFileSync(join(home, 'api-token'), 'a'.repeat(64), { mode: 0o600 });
    writeEndpointFile(join(home, 'endpoint.json'), { pid: 999_999, port, tokenFile: join(home, 'api-token'), startedAt: 1 });
    const run = await hookRun(['PermissionRequest'], home);
    expect(run).toMatchObject({ code: 0, output: '' });
    expect(run.ms).toBeLessThan(1_000);
  });

  it('forwards the payload with the pane from TMUX_PANE/TMUX: the item appears on that pane', async () => {
    h = await startEngineHarness({ api: true });
    const agent = await startScriptedAgent(h.tmux, heldWorking(claudePermBash()), { session: 'api-worker' });
    const pane = paneKeyOf(h.socket, agent);
    await waitForTruth(h.engine, pane, (s) => s.state === 'working', 'the pane seen working');
    const run = await cli(['hook', 'PermissionRequest'], {
      home: join(h.home, 'tb'),
      env: { TMUX_PANE: agent.paneId, TMUX: `${h.socket},1234,0` },
      stdin: PERMISSION,
    });
    expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
    const item = await poll(async () => (await queue(h!.engine))[0], 'the forwarded hook’s item');
    expect(item).toMatchObject({ paneKey: pane, reason: 'permission', subject: 'Bash: ls -la /tmp' });
  });

  it('honours --endpoint FILE, like the installed script', async () => {
    h = await startEngineHarness({ api: true });
    const run = await hookRun(['--endpoint', h.engine.paths.endpoint, 'Stop'], tempHome(), JSON.stringify(hookExample('Stop.json')));
    expect(run).toMatchObject({ code: 0, output: '', stdinRead: true });
    await poll(() => h!.engine.store.hooks.list().find((c) => c.name === 'Stop'), 'the Stop hook counted');
  });

  it('garbage on stdin is refused by the engine, and the hook still answers 0 silently', async () => {
    h = await startEngineHarness({ api: true });
    const run = await hookRun(['Stop'], join(h.home, 'tb'), '{ not json');
    expect(run).toMatchObject({ code: 0, output: '', stdinRead: true });
    expect(h.engine.store.hooks.list().filter((c) => c.kind === 'event')).toEqual([]);
  });

  it('a missing event name or an unknown flag is no usage error: still 0 and silent', async () => {
    expect(await hookRun([], tempHome())).toMatchObject({ code: 0, output: '' });
    expect(await hookRun(['--bogus', 'Stop'], tempHome())).toMatchObject({ code: 0, output: '' });
  });

  it('builds the envelope the engine accepts (same fields as the forwarder script)', () => {
    const envelope = hookEnvelope({ TMUX_PANE: '%12', TMUX: '/tmp/tmux-1000/default,4321,0' }, 'Stop', 777, '{"hook_event_name":"Stop"}');
    expect(envelope).toEqual({
      v: 1,
      event: 'Stop',
      tmuxPane: '%12',
      tmuxSocket: '/tmp/tmux-1000/default',
      ppid: 777,
      payload: { hook_event_name: 'Stop' },
    });
    expect(parseHookEnvelope(envelope).ok).toBe(true);
    expect(hookEnvelope({}, null, 0, 'x')).toEqual({ v: 1, event: null, tmuxPane: null, tmuxSocket: null, ppid: null, payload: 'x' });
  });

  it('as a real process (bin/trailboss.mjs hook Stop) with no engine: exit 0, no output', async () => {
    const home = tempHome();
    const result = await new Promise<{ code: number | null; out: string }>((done, fail) => {
      const child = spawn(resolve('node_modules/node/bin/node'), [resolve('bin/trailboss.mjs'), 'hook', 'Stop'], {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TRAILBOSS_HOME: home },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', fail);
      child.on('close', (code) => done({ code, out }));
      child.stdin.end(JSON.stringify(hookExample('Stop.json')));
    });
    expect(result).toEqual({ code: 0, out: '' });
  });
});
