/**
 * The crash harness's kill -9 lands on the engine whatever stage start-up has reached: here the
 * launcher has started a helper child and has not yet said "running" (the moment a planned kill at
 * +850 ms once went to a `tmux` the engine had started, and the engine lived on).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { poll } from '../support/poll.ts';
import type { DaemonProcess } from './support/daemon-process.ts';
import { startDaemon } from './support/daemon-process.ts';

const SLOW_START = fileURLToPath(new URL('./support/slow-start-preload.mjs', import.meta.url));

let dir = '';
let daemon: DaemonProcess | null = null;
afterEach(() => {
  daemon?.killGroup();
  daemon = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The children of `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the crash harness’s daemon', () => {
  it('kill9 before "running", while the engine has a child of its own, ends the engine and the child', { timeout: 90_000 }, async () => {
    dir = mkdtempSync(join(tmpdir(), 'tb-crash-kill-'));
    const home = join(dir, 'tb');
    mkdirSync(home, { mode: 0o700 });
    writeFileSync(join(home, 'config.json'), '{}');
    daemon = startDaemon({
      home,
      socket: join(dir, 'no-tmux.sock'),
      failpoint: null,
      failpointLog: join(dir, 'fp.jsonl'),
      preload: SLOW_START,
    });
    const d = daemon;
    const [helper] = await poll(() => (childrenOf(d.launcherPid).length > 0 ? childrenOf(d.launcherPid) : null), 'the helper child', {
      timeoutMs: 30_000,
    });
    expect(d.readyAt()).toBeNull();
    expect(d.kill9()).toBe(d.launcherPid);
    const exit = await Promise.race([d.exited, new Promise<null>((r) => setTimeout(() => r(null), 30_000))]);
    expect(exit).toMatchObject({ signal: 'SIGKILL' });
    await poll(() => !alive(helper!), 'the helper child gone', { timeoutMs: 10_000 });
  });
});
