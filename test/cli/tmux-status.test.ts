/**
 * `trailboss tmux-status` through the launcher's fast path, as tmux's `#()` runs it: nothing without
 * an engine, the count, oldest wait and stuck mark with one, and nothing once the engine is killed -9
 * (its status file left behind names a dead pid).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli } from '../support/cli-context.ts';
import { startEngineHarness, type EngineHarness } from '../support/engine-harness.ts';
import { poll } from '../support/poll.ts';
import { runNode } from '../support/run-node.ts';
import { claudePermBash } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import { startPrivateTmux, type PrivateTmux } from '../support/tmux-server.ts';

const LAUNCHER = join(import.meta.dirname, '..', '..', 'bin', 'trailboss.mjs');
const status = (home: string) => runNode([LAUNCHER, 'tmux-status'], { env: { TRAILBOSS_HOME: home, HOME: home } });

let h: EngineHarness | null = null;
let tmux: PrivateTmux | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await h?.dispose();
  await tmux?.kill();
  h = null;
  tmux = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempHome = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tb-tmux-status-'));
  dirs.push(dir);
  return dir;
};

describe('trailboss tmux-status', { timeout: 90_000 }, () => {
  it('prints nothing and exits 0 when no engine ever ran', async () => {
    const run = await status(join(tempHome(), 'tb'));
    expect([run.code, run.stdout, run.stderr]).toEqual([0, '', '']);
  });

  it('prints nothing and exits 0 for a malformed file', async () => {
    const home = tempHome();
    writeFileSync(join(home, 'queue-status.json'), '{"version":1,"pid":');
    const run = await status(home);
    expect([run.code, run.stdout]).toEqual([0, '']);
  });

  it('the CLI itself, run without the launcher, prints the same (through the sh segment) and exits 0', async () => {
    const home = tempHome();
    expect(await cli(['tmux-status'], { home })).toMatchObject({ code: 0, stdout: '', stderr: '' });
    writeFileSync(
      join(home, 'queue-status.json'),
      JSON.stringify({ version: 1, pid: process.pid, count: 2, oldestSince: null, stuck: 0 }) + '\n',
    );
    expect(await cli(['tmux-status'], { home })).toMatchObject({ code: 0, stdout: '⏳2\n', stderr: '' });
    expect((await status(home)).stdout).toBe('⏳2\n');
  });

  it('shows the count and the oldest wait of a running engine, nothing once nobody waits', async () => {
    h = await startEngineHarness();
    const home = join(h.home, 'tb');
    expect((await status(home)).stdout).toBe('');
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'waiting' });
    const shown = await poll(async () => {
      const run = await status(home);
      return /^⏳1 \d+s\n$/.test(run.stdout) ? run : null;
    }, 'the waiting agent counted');
    expect(shown.code).toBe(0);
    await h.tmux.tmux(['kill-pane', '-t', agent.paneId]);
    await poll(async () => (await status(home)).stdout === '', 'nothing once the agent is gone');
  });

  it('marks a stuck item (every reminder fired)', async () => {
    h = await startEngineHarness({
      beforeStart: (home) => {
        mkdirSync(join(home, 'tb'), { recursive: true });
        writeFileSync(join(home, 'tb', 'config.json'), JSON.stringify({ reminders: { cadence: [0, 1000] } }));
      },
    });
    const home = join(h.home, 'tb');
    await startScriptedAgent(h.tmux, claudePermBash(), { session: 'stuck' });
    await poll(async () => /^⏳1 \d+s ⚠1\n$/.test((await status(home)).stdout), 'the stuck mark shown');
  });

  it('prints nothing after the engine was killed -9 (its file left behind, its pid gone)', async () => {
    const root = tempHome();
    const home = join(root, 'tb');
    tmux = await startPrivateTmux({ socketPath: join(root, 'tmux.sock') });
    await startScriptedAgent(tmux, claudePermBash(), { session: 'orphan' });
    const env = { ...process.env, TRAILBOSS_HOME: home, HOME: root, TMUX: '', TMUX_PANE: '' };
    const daemon = spawn(process.execPath, [LAUNCHER, 'daemon', '--tmux-socket', join(root, 'tmux.sock')], {
      env,
      stdio: 'ignore',
      detached: false,
    });
    const exited = new Promise((done) => daemon.on('exit', done));
    try {
      await poll(async () => (await status(home)).stdout.startsWith('⏳1 '), 'the daemon counted the agent', { timeoutMs: 60_000 });
    } finally {
      daemon.kill('SIGKILL');
      await exited;
    }
    // The launcher's engine child (pinned Node) goes with it: wait until the pid in the file is gone.
    const pid = (JSON.parse(readFileSync(join(home, 'queue-status.json'), 'utf8')) as { pid: number }).pid;
    await poll(() => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    }, 'the engine process gone');
    const run = await status(home);
    expect([run.code, run.stdout, run.stderr]).toEqual([0, '', '']);
  });
});
