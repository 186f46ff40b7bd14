/** `trailboss daemon` as a real process through the launcher: starts, answers, and stops cleanly on SIGTERM. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { poll } from '../support/poll.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('trailboss daemon', () => {
  it('a SIGTERM to the launcher stops the engine cleanly: exit 0, lock, endpoint and queue status files gone', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-daemon-'));
    try {
      const env = { ...process.env, TRAILBOSS_HOME: join(home, 'tb'), HOME: home, TMUX: '', TMUX_PANE: '' };
      const child = spawn(
        join(ROOT, 'node_modules', '.bin', 'node'),
        [join(ROOT, 'bin', 'trailboss.mjs'), 'daemon', '--tmux-socket', join(home, 'none.sock')],
        { env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await poll(() => out.includes('engine running'), 'the daemon to start', { timeoutMs: 20_000 });
      expect(existsSync(join(home, 'tb', 'engine.lock'))).toBe(true);
      expect(existsSync(join(home, 'tb', 'endpoint.json'))).toBe(true);
      expect(existsSync(join(home, 'tb', 'queue-status.json'))).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(out).toContain('engine stopped');
      expect(existsSync(join(home, 'tb', 'engine.lock'))).toBe(false);
      expect(existsSync(join(home, 'tb', 'endpoint.json'))).toBe(false);
      expect(existsSync(join(home, 'tb', 'queue-status.json'))).toBe(false);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
