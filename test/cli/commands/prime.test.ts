import { describe, expect, it } from 'vitest';
import { primeCommand } from '../../../main/cli/commands/prime.ts';
import { RESUME_MARKER } from '../../../main/engine/snapshot/briefing.ts';
import { snapshotPath, writeSnapshot } from '../../../main/engine/snapshot/snapshot-file.ts';
import { runCommand } from '../../engine/snapshot/support/cli-ctx.ts';
import { useTempDirs } from '../../engine/snapshot/support/temp-dir.ts';

const tempDir = useTempDirs('tb-prime-');

describe('trailboss prime', () => {
  it('prints the briefing once: a second prime prints nothing', async () => {
    const home = tempDir();
    writeSnapshot(snapshotPath(home, 'claude'), '# Restart Snapshot — claude\n\n=== USER ===\nbuild it\n');
    const first = await runCommand(primeCommand, [], { home });
    expect(first.code).toBe(0);
    expect(first.stdout.startsWith(`${RESUME_MARKER} You are resuming work that a previous session of this agent (claude) started.`)).toBe(
      true,
    );
    expect(first.stdout).toContain('<snapshot>\n# Restart Snapshot — claude\n\n=== USER ===\nbuild it\n</snapshot>');
    expect(await runCommand(primeCommand, [], { home })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('primes the snapshot named by TRAILBOSS_AGENT (set by a restart), and only that one', async () => {
    const home = tempDir();
    writeSnapshot(snapshotPath(home, 'claude'), 'for claude\n');
    writeSnapshot(snapshotPath(home, 'reviewer'), 'for the reviewer\n');
    const run = await runCommand(primeCommand, [], { home, env: { TRAILBOSS_AGENT: 'reviewer' } });
    expect(run.stdout).toContain('for the reviewer');
    expect(run.stdout).toContain('(reviewer)');
    expect((await runCommand(primeCommand, ['--agent', 'claude'], { home })).stdout).toContain('for claude');
  });

  it('prints nothing and exits 0 when there is nothing to prime (it runs at every session start)', async () => {
    const home = tempDir();
    expect(await runCommand(primeCommand, [], { home })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await runCommand(primeCommand, [], { home, env: { TRAILBOSS_AGENT: '../../etc/passwd' } })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });
});
