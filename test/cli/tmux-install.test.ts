/**
 * `trailboss tmux install | uninstall | status` for real: HOME, TMUX_TMPDIR and TRAILBOSS_HOME in a
 * temp dir, the user's "default" server a private one started there with the user's configuration.
 * The real user's home and servers are never touched.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runNode } from '../support/run-node.ts';
import { makeTmuxUser, type TmuxUser } from '../support/tmux-user.ts';

const LAUNCHER = join(import.meta.dirname, '..', '..', 'bin', 'trailboss.mjs');
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

describe('trailboss tmux install | uninstall | status', { timeout: 60_000 }, () => {
  it("install keeps the user's bindings and status line, and the running server gets the popup key and the segment", async () => {
    startUserServer();
    const run = await cli('install');
    expect(run.code).toBe(0);
    expect(userConf().startsWith(USER_CONF)).toBe(true);
    expect(userConf().match(/^source-file /gm)).toHaveLength(1);
    expect(tmux('show-options', '-gv', 'status-right')).toMatch(/^mine %H:%M #\(.*'\S*bin\/trailboss\.mjs' tmux-status\)\n$/);
    expect(tmux('list-keys', '-T', 'prefix', 'T')).toContain('tui --popup');
    expect(tmux('list-keys', '-T', 'prefix', 'X')).toContain('display-message hello');
    expect(tmux('show-options', '-gv', 'status-right-length')).toBe('52\n');
    // The user reloads their configuration: still one segment.
    tmux('source-file', join(dir, '.tmux.conf'));
    expect(tmux('show-options', '-gv', 'status-right').match(/tmux-status\)/g)).toHaveLength(1);
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
      clashes: [],
      servers: [{ socket, bound: true, segment: true }],
    });
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
});
