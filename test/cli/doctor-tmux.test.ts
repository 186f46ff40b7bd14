/** `trailboss doctor`'s tmux integration check, against a private "default" server under a temp TMUX_TMPDIR and HOME. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSourceLine } from '../../main/cli/tmux-config/source-line.ts';
import { cli } from '../support/cli-context.ts';
import { makeTmuxUser, type TmuxUser } from '../support/tmux-user.ts';

let user: TmuxUser;
let home: string;
let env: Record<string, string>;
beforeEach(() => {
  user = makeTmuxUser('tb-doctor-tmux');
  home = user.dir;
  env = user.env;
  writeFileSync(join(home, '.tmux.conf'), 'set -g mouse on\n');
});
afterEach(() => user.dispose());

const tmux = (...args: string[]) => user.tmux(...args);
const finding = async () => {
  const run = await cli(['doctor', '--json', '--tmux-socket', join(home, 'none')], { home, env });
  return (JSON.parse(run.stdout) as { checks: { id: string; status: string; detail: string; fix: string | null }[] }).checks.find(
    (c) => c.id === 'tmux-integration',
  );
};

describe('doctor: tmux integration', { timeout: 60_000 }, () => {
  it('advises install while nothing is installed', async () => {
    expect(await finding()).toMatchObject({ status: 'advice', fix: 'trailboss tmux install' });
  });

  it('a data directory with a glob character in its path: advice before install, a problem once a source line names it', async () => {
    env = { ...env, TRAILBOSS_HOME: join(home, 'tb[1]') };
    expect(await finding()).toMatchObject({ status: 'advice', detail: expect.stringContaining('glob character') });
    // An earlier version installed it anyway: tmux globs that line on every start.
    writeFileSync(join(home, '.tmux.conf'), addSourceLine('set -g mouse on\n', join(home, 'tb[1]', 'tmux.conf')));
    expect(await finding()).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('a path tmux reads as a pattern'),
      fix: expect.stringContaining('trailboss tmux uninstall'),
    });
  });

  it('ok once installed and sourced into the running server', async () => {
    user.startServer();
    expect((await cli(['tmux', 'install'], { home, env })).code).toBe(0);
    expect(await finding()).toMatchObject({ status: 'ok', detail: expect.stringContaining('1 server(s) up to date') });
  });

  it('a problem when the key was rebound on a running server, or the source line was taken out', async () => {
    user.startServer();
    await cli(['tmux', 'install'], { home, env });
    tmux('bind-key', '-T', 'prefix', 'T', 'choose-tree');
    expect(await finding()).toMatchObject({ status: 'problem', detail: expect.stringContaining('prefix + T is not the Trail Boss popup') });
    writeFileSync(join(home, '.tmux.conf'), 'set -g mouse on\n');
    expect(await finding()).toMatchObject({ status: 'problem', detail: expect.stringContaining('no longer sources') });
  });

  it("a problem when a running server still shows an earlier install's Node segment", async () => {
    user.startServer();
    await cli(['tmux', 'install'], { home, env });
    tmux('set-option', '-g', 'status-right', "mine #('/usr/bin/node' '/opt/tb/bin/trailboss.mjs' tmux-status)");
    expect(await finding()).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining(`the status segment of an earlier install is still shown on ${user.socket}`),
      fix: 'trailboss tmux install',
    });
  });

  it("a problem when the status segment's script is missing (Trail Boss moved), advice when it is an earlier install's Node segment", async () => {
    await cli(['tmux', 'install'], { home, env });
    const file = join(home, 'tb', 'tmux.conf');
    const installed = readFileSync(file, 'utf8');
    writeFileSync(file, installed.replace('/bin/trailboss-tmux-status.sh', '/gone/trailboss-tmux-status.sh'));
    expect(await finding()).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('/gone/trailboss-tmux-status.sh, which is missing'),
    });
    const launcher = join(import.meta.dirname, '..', '..', 'bin', 'trailboss.mjs');
    writeFileSync(
      file,
      installed.replace(/set -ga status-right .*/, `set -ga status-right " #('/usr/bin/node' '${launcher}' tmux-status)"`),
    );
    expect(await finding()).toMatchObject({
      status: 'advice',
      detail: expect.stringContaining('trailboss tmux-status on Node, from an earlier install'),
      fix: 'trailboss tmux install',
    });
  });

  it('a problem when the running engine keeps no status file', async () => {
    await cli(['tmux', 'install'], { home, env });
    // An engine that answers to this home (this process's pid is alive) but wrote no queue-status.json.
    writeFileSync(
      join(home, 'tb', 'endpoint.json'),
      JSON.stringify({
        version: 1,
        pid: process.pid,
        host: '127.0.0.1',
        port: 9,
        tokenFile: join(home, 'tb', 'api-token'),
        hookPath: '/hooks/claude',
        startedAt: 1,
      }),
    );
    expect(await finding()).toMatchObject({ status: 'problem', detail: expect.stringContaining('queue-status.json') });
  });
});
