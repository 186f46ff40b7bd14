/**
 * `trailboss tmux install | uninstall | status` for real: HOME, TMUX_TMPDIR and TRAILBOSS_HOME in a
 * temp dir, the user's "default" server a private one started there with the user's configuration.
 * The real user's home and servers are never touched.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSourceLine } from '../../main/cli/tmux-config/source-line.ts';
import { runNode, runProgram } from '../support/run-node.ts';
import { makeTmuxUser, type TmuxUser } from '../support/tmux-user.ts';

const LAUNCHER = join(import.meta.dirname, '..', '..', 'bin', 'trailboss.mjs');
const SCRIPT = join(import.meta.dirname, '..', '..', 'bin', 'trailboss-tmux-status.sh');
const USER_CONF = 'set -g status-right "mine %H:%M"\nbind-key X display-message hello\n# no final newline follows\nset -g mouse on';

let user: TmuxUser;
let dir: string;
let socket: string;
let env: Record<string, string>;
beforeEach(() => {
  user = makeTmuxUser('tb-tmux-install');
  ({ dir, socket } = user);
  env = { ...user.env, PATH: '/usr/local/bin:/usr/bin:/bin' };
  writeFileSync(join(dir, '.tmux.conf'), USER_CONF);
});
afterEach(() => user.dispose());

const tmux = (...args: string[]) => user.tmux(...args);
const startUserServer = () => user.startServer();
const cli = (...args: string[]) => runNode([LAUNCHER, 'tmux', ...args], { env });
const userConf = () => readFileSync(join(dir, '.tmux.conf'), 'utf8');

/** Our file and source line as an earlier version's install left them; returns its segment. */
function oldInstall(): string {
  const node = `'${process.execPath}' '${LAUNCHER}'`;
  const segment = ` #(TRAILBOSS_HOME='${join(dir, 'tb')}' ${node} tmux-status)`;
  mkdirSync(join(dir, 'tb'), { recursive: true });
  writeFileSync(
    join(dir, 'tb', 'tmux.conf'),
    [
      '# Written by `trailboss tmux install`; `trailboss tmux uninstall` removes it. Edits here are overwritten.',
      `bind-key -T prefix T display-popup -E -w 90% -h 80% "${node} tui --popup"`,
      '%if "#{==:#{m:*tmux-status)*,#{status-right}},0}"',
      `set -ga status-right "${segment}"`,
      'set -gF status-right-length "#{e|+|:#{status-right-length},12}"',
      '%endif',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, '.tmux.conf'), addSourceLine(USER_CONF, join(dir, 'tb', 'tmux.conf')));
  return segment;
}

describe('trailboss tmux install | uninstall | status', { timeout: 60_000 }, () => {
  it("install keeps the user's bindings and status line, and the running server gets the popup key and the segment", async () => {
    startUserServer();
    const run = await cli('install');
    expect(run.code).toBe(0);
    expect(userConf().startsWith(USER_CONF)).toBe(true);
    expect(userConf().match(/^source-file /gm)).toHaveLength(1);
    // tmux runs the sh script with the home as its argument: no Node.
    expect(tmux('show-options', '-gv', 'status-right')).toBe(`mine %H:%M #(/bin/sh '${SCRIPT}' '${join(dir, 'tb')}')\n`);
    expect(tmux('list-keys', '-T', 'prefix', 'T')).toContain('tui --popup');
    expect(tmux('list-keys', '-T', 'prefix', 'X')).toContain('display-message hello');
    expect(tmux('show-options', '-gv', 'status-right-length')).toBe('52\n');
    // The user reloads their configuration: still one segment.
    tmux('source-file', join(dir, '.tmux.conf'));
    expect(tmux('show-options', '-gv', 'status-right').match(/trailboss-tmux-status\.sh/g)).toHaveLength(1);
  });

  it('the segment as tmux runs it prints the count from the status file', async () => {
    startUserServer();
    await cli('install');
    const command = /#\((.*)\)\n$/.exec(tmux('show-options', '-gv', 'status-right'))?.[1] ?? '';
    writeFileSync(
      join(dir, 'tb', 'queue-status.json'),
      JSON.stringify({ version: 1, pid: process.pid, count: 4, oldestSince: null, stuck: 1 }) + '\n',
    );
    // As tmux runs a #() job: /bin/sh -c, in the server's environment (which names no Trail Boss home).
    const run = await runProgram('/bin/sh', ['-c', command], { env: { HOME: '/nonexistent' } });
    expect([run.code, run.stdout, run.stderr]).toEqual([0, '⏳4 ⚠1\n', '']);
  });

  it("a server still showing an earlier version's segment gets no second one when it sources the new file", async () => {
    startUserServer();
    await cli('install');
    // A server the install did not reach (another socket directory) still has the old segment; the user reloads.
    tmux('set-option', '-g', 'status-right', `mine %H:%M #('${process.execPath}' '${LAUNCHER}' tmux-status)`);
    tmux('source-file', join(dir, '.tmux.conf'));
    expect(tmux('show-options', '-gv', 'status-right').match(/#\(/g)).toHaveLength(1);
  });

  it('status --json says what is installed', async () => {
    startUserServer();
    await cli('install');
    const status = JSON.parse((await cli('status', '--json')).stdout) as Record<string, unknown>;
    expect(status).toMatchObject({
      installed: true,
      file: join(dir, 'tb', 'tmux.conf'),
      filePresent: true,
      configFile: join(dir, '.tmux.conf'),
      sourceLine: true,
      line: 6,
      key: 'T',
      segment: { kind: 'sh', script: SCRIPT, scriptPresent: true },
      clashes: [],
      servers: [{ socket, bound: true, segment: true, segmentKind: 'sh' }],
    });
  });

  it("an earlier version's Node segment on a running server is replaced by install and taken out by uninstall", async () => {
    // What `trailboss tmux install` of earlier versions wrote (their integration-file.ts), sourced by the user's file.
    const old = oldInstall();
    startUserServer();
    expect(tmux('show-options', '-gv', 'status-right')).toBe(`mine %H:%M${old}\n`);
    const before = JSON.parse((await cli('status', '--json')).stdout) as Record<string, unknown>;
    expect(before).toMatchObject({ segment: { kind: 'node', script: LAUNCHER, scriptPresent: true }, servers: [{ segmentKind: 'node' }] });
    expect((await cli('install')).code).toBe(0);
    expect(tmux('show-options', '-gv', 'status-right')).toBe(`mine %H:%M #(/bin/sh '${SCRIPT}' '${join(dir, 'tb')}')\n`);
    expect(tmux('show-options', '-gv', 'status-right-length')).toBe('52\n');
    expect((await cli('uninstall')).code).toBe(0);
    expect(tmux('show-options', '-gv', 'status-right')).toBe('mine %H:%M\n');
    expect(tmux('show-options', '-gv', 'status-right-length')).toBe('40\n');
  });

  it("uninstall puts the user's file back byte-exact and takes our key and segment off the running server", async () => {
    startUserServer();
    await cli('install');
    const run = await cli('uninstall');
    expect(run.code).toBe(0);
    expect(userConf()).toBe(USER_CONF);
    expect(existsSync(join(dir, 'tb', 'tmux.conf'))).toBe(false);
    expect(tmux('show-options', '-gv', 'status-right')).toBe('mine %H:%M\n');
    expect(tmux('show-options', '-gv', 'status-right-length')).toBe('40\n');
    expect(tmux('list-keys', '-T', 'prefix', 'X')).toContain('display-message hello');
    expect(() => tmux('list-keys', '-T', 'prefix', 'T')).toThrow();
  });

  it('a configuration that is not UTF-8 comes back byte for byte, and so does its backup', async () => {
    // Latin-1 "café", a stray 0xff 0xfe, a lone UTF-8 continuation byte, CRLF and no final newline.
    const latin1 = Buffer.concat([
      Buffer.from('set -g status-right "caf', 'latin1'),
      Buffer.from([0xe9]),
      Buffer.from('"\r\n# ', 'latin1'),
      Buffer.from([0xff, 0xfe, 0x80]),
      Buffer.from(' bytes\nset -g mouse on', 'latin1'),
    ]);
    const confPath = join(dir, '.tmux.conf');
    writeFileSync(confPath, latin1);
    // The data directory's path is UTF-8 with a non-ASCII character: our line goes in as its UTF-8 bytes.
    env = { ...env, TRAILBOSS_HOME: join(dir, 'tb-é') };
    const install = await cli('install', '--json');
    expect(install.code).toBe(0);
    const installed = readFileSync(confPath);
    expect(installed.subarray(0, latin1.length).equals(latin1)).toBe(true);
    expect(installed.subarray(latin1.length).toString('utf8')).toBe(addSourceLine('', join(dir, 'tb-é', 'tmux.conf')).replace(/^/, '\n'));
    const backup = (JSON.parse(install.stdout) as { backupPath: string }).backupPath;
    expect(readFileSync(backup).equals(latin1)).toBe(true);
    expect(JSON.parse((await cli('status', '--json')).stdout)).toMatchObject({ installed: true, sourceLine: true, line: 5 });
    const uninstall = await cli('uninstall');
    expect(uninstall.code).toBe(0);
    expect(uninstall.stdout).toContain('back to exactly what it was');
    expect(readFileSync(confPath).equals(latin1)).toBe(true);
  });

  it('$XDG_CONFIG_HOME/tmux/tmux.conf is edited when it is the one in use (no ~/.tmux.conf created), and restored', async () => {
    rmSync(join(dir, '.tmux.conf'));
    mkdirSync(join(dir, 'xdg', 'tmux'), { recursive: true });
    writeFileSync(join(dir, 'xdg', 'tmux', 'tmux.conf'), 'set -g base-index 1\n');
    env = { ...env, XDG_CONFIG_HOME: join(dir, 'xdg') };
    expect((await cli('install')).code).toBe(0);
    expect(existsSync(join(dir, '.tmux.conf'))).toBe(false);
    expect(readFileSync(join(dir, 'xdg', 'tmux', 'tmux.conf'), 'utf8')).toMatch(
      /^set -g base-index 1\n# Trail Boss.*\nsource-file -q ".*tb\/tmux\.conf"\n$/,
    );
    await cli('uninstall');
    expect(readFileSync(join(dir, 'xdg', 'tmux', 'tmux.conf'), 'utf8')).toBe('set -g base-index 1\n');
  });

  it('with no tmux configuration at all, install creates ~/.tmux.conf and uninstall removes it again', async () => {
    rmSync(join(dir, '.tmux.conf'));
    expect((await cli('install')).code).toBe(0);
    expect(readFileSync(join(dir, '.tmux.conf'), 'utf8')).toMatch(/^# Trail Boss.*\nsource-file -q ".*"\n$/);
    expect((await cli('uninstall')).code).toBe(0);
    expect(existsSync(join(dir, '.tmux.conf'))).toBe(false);
  });

  it('a key the user bound is a clash: reported, nothing changed; --key picks another', async () => {
    startUserServer();
    const clash = await cli('install', '--key', 'X');
    expect(clash.code).toBe(1);
    expect(clash.stderr).toContain('prefix + X is already yours');
    expect(clash.stderr).toContain(`${join(dir, '.tmux.conf')} line 2`);
    expect(clash.stderr).toContain(`running server ${socket}`);
    expect(userConf()).toBe(USER_CONF);
    expect(tmux('list-keys', '-T', 'prefix', 'X')).toContain('display-message hello');
    expect(tmux('show-options', '-gv', 'status-right')).toBe('mine %H:%M\n');
    expect((await cli('install', '--key', 'C-y')).code).toBe(0);
    expect(tmux('list-keys', '-T', 'prefix', 'C-y')).toContain('tui --popup');
  });

  it('a key bound only on a running server (not in the file) is a clash too', async () => {
    startUserServer();
    tmux('bind-key', '-T', 'prefix', 'T', 'choose-tree');
    const clash = await cli('install', '--json');
    expect(clash.code).toBe(1);
    expect(JSON.parse(clash.stdout)).toMatchObject({ result: 'clash', clashes: [{ where: 'server', socket }] });
    expect(tmux('list-keys', '-T', 'prefix', 'T')).toContain('choose-tree');
  });

  it('a home whose path holds a glob character is refused: tmux source-file would read it as a pattern', async () => {
    startUserServer();
    // What `[12]` would match: a file someone else could have put there.
    mkdirSync(join(dir, 'tb1'));
    writeFileSync(join(dir, 'tb1', 'tmux.conf'), 'set -g @decoy sourced\n');
    for (const home of ['tb[12]', 'tb*', 'tb?', 'tb\\1']) {
      env = { ...env, TRAILBOSS_HOME: join(dir, home) };
      const run = await cli('install');
      expect(run.code, home).toBe(1);
      expect(run.stderr).toContain('glob character');
      expect(userConf()).toBe(USER_CONF);
      expect(existsSync(join(dir, home, 'tmux.conf')), home).toBe(false);
    }
    expect(tmux('show-options', '-gqv', '@decoy')).toBe('');
    expect(tmux('show-options', '-gv', 'status-right')).toBe('mine %H:%M\n');
  });

  it('a key bound in a file the configuration sources is a clash even with no server running to tell', async () => {
    mkdirSync(join(dir, '.tmux'), { recursive: true });
    writeFileSync(join(dir, '.tmux', 'keys.conf'), '# my keys\nbind-key -r T resize-pane -U 5\n');
    const conf = `${USER_CONF}\nsource-file -q ~/.tmux/keys.conf\n`;
    writeFileSync(join(dir, '.tmux.conf'), conf);
    const clash = await cli('install', '--json');
    expect(clash.code).toBe(1);
    expect(JSON.parse(clash.stdout)).toMatchObject({
      result: 'clash',
      clashes: [{ where: 'config', file: join(dir, '.tmux', 'keys.conf'), line: 2 }],
    });
    expect(userConf()).toBe(conf);
    expect(existsSync(join(dir, 'tb', 'tmux.conf'))).toBe(false);
  });
});
