import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitHints } from '../../../main/engine/snapshot/git-hints.ts';
import { isolatedGitRunner, makeRepo } from './support/git.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();

describe('gitHints', () => {
  it('lists recent commits newest first and uncommitted changes', async () => {
    const dir = tempDir();
    const runner = isolatedGitRunner(dir);
    await makeRepo(runner, dir, [
      { message: 'first', files: { 'a.txt': '1' } },
      { message: 'second', files: { 'b.txt': '2' } },
    ]);
    writeFileSync(join(dir, 'a.txt'), 'changed');
    writeFileSync(join(dir, 'new.txt'), 'n');
    const hints = await gitHints(runner, dir);
    expect(hints?.log.map((l) => l.replace(/^[0-9a-f]+ /, ''))).toEqual(['second', 'first']);
    expect(hints?.status).toEqual([' M a.txt', '?? new.txt']);
    expect(hints?.statusOmitted).toBe(0);
    expect(hints?.branch).toBe('main');
  });

  it('names the branch, and a detached head as such', async () => {
    const dir = tempDir();
    const runner = isolatedGitRunner(dir);
    await makeRepo(runner, dir, [
      { message: 'first', files: { 'a.txt': '1' } },
      { message: 'second', files: { 'a.txt': '2' } },
    ]);
    await runner.run('git', ['-C', dir, 'switch', '-c', 'feature/resume'], {});
    expect((await gitHints(runner, dir))?.branch).toBe('feature/resume');
    await runner.run('git', ['-C', dir, 'switch', '--detach', 'HEAD~1'], {});
    expect((await gitHints(runner, dir))?.branch).toBe('HEAD (no branch)');
  });

  it('limits the log and the status', async () => {
    const dir = tempDir();
    const runner = isolatedGitRunner(dir);
    await makeRepo(
      runner,
      dir,
      [1, 2, 3].map((n) => ({ message: `c${n}`, files: { [`f${n}`]: String(n) } })),
    );
    for (let i = 0; i < 5; i++) writeFileSync(join(dir, `u${i}`), 'x');
    const hints = await gitHints(runner, dir, { logCount: 2, maxStatus: 3 });
    expect(hints?.log).toHaveLength(2);
    expect(hints?.status).toHaveLength(3);
    expect(hints?.statusOmitted).toBe(2);
  });

  it('reads a repository without commits as an empty history', async () => {
    const dir = tempDir();
    const runner = isolatedGitRunner(dir);
    await makeRepo(runner, dir, []);
    writeFileSync(join(dir, 'x'), '1');
    expect(await gitHints(runner, dir)).toEqual({ branch: 'No commits yet on main', log: [], status: ['?? x'], statusOmitted: 0 });
  });

  it('gives no hints outside a repository', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'plain'));
    expect(await gitHints(isolatedGitRunner(dir), join(dir, 'plain'))).toBeNull();
  });

  it('gives no hints when git cannot run', async () => {
    const failing = { run: () => Promise.reject(new Error('spawn git ENOENT')) };
    expect(await gitHints(failing, '/nowhere')).toBeNull();
  });
});
