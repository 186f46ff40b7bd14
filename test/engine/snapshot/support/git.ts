/** Real git in temp dirs for tests: never the user's config (HOME and XDG point into the temp dir). */
import type { Runner } from '../../../../main/engine/platform/run.ts';
import { realRunner } from '../../../../main/engine/platform/run.ts';

/** A runner whose git sees `home` as $HOME and no system config. */
export function isolatedGitRunner(home: string): Runner {
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: `${home}/.config`,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  return { run: (file, args, opts = {}) => realRunner.run(file, args, { ...opts, env: { ...env, ...opts.env } }) };
}

/** `git init` a repo at `dir` with the given commits (message → files written before committing). */
export async function makeRepo(
  runner: Runner,
  dir: string,
  commits: readonly { message: string; files: Record<string, string> }[],
): Promise<void> {
  const { writeFileSync } = await import('node:fs');
  const git = async (...args: string[]) => {
    const r = await runner.run('git', ['-C', dir, ...args]);
    if (r.exitCode !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  };
  await git('init', '-q', '-b', 'main');
  for (const c of commits) {
    for (const [name, text] of Object.entries(c.files)) writeFileSync(`${dir}/${name}`, text);
    await git('add', '-A');
    await git('commit', '-q', '-m', c.message);
  }
}
