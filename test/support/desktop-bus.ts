/**
 * A private desktop for notification tests: a session bus of our own (`dbus-daemon` with a minimal
 * config: no service files, so nothing is auto-started behind the test's back), an `Xvfb` on a
 * display it picks itself (`-displayfd`), and a real `dunst` on that bus and display, restartable.
 * Actions are invoked through dunst's own context menu: its `dmenu` is a script here that records
 * the menu dunst offers (every action of every shown notification) and picks the line we ask for.
 * Everything is killed and removed by `kill()`.
 */
import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { poll } from './poll.ts';

const run = promisify(execFile);

/** A line of dunst's context menu: `#<label> (<summary>) [<id>,<action key>]`. */
export interface MenuEntry {
  readonly label: string;
  readonly summary: string;
  readonly id: number;
  readonly key: string;
}

/** A closed notification as `dunstctl history` reports it. */
export interface HistoryEntry {
  readonly id: number;
  readonly appname: string;
  readonly summary: string;
  readonly body: string;
  readonly category: string;
  /** The text dunst rendered (summary and body after its markup pass). */
  readonly message: string;
}

/** A running private desktop. */
export interface PrivateDesktop {
  /** `DBUS_SESSION_BUS_ADDRESS` of the private bus. */
  readonly busAddress: string;
  readonly display: string;
  readonly dir: string;
  /** Start dunst (again); resolves once it owns org.freedesktop.Notifications. */
  startDunst(): Promise<void>;
  /** Stop dunst (SIGTERM); resolves once it exited. */
  stopDunst(): Promise<void>;
  /** Run `dunstctl` against this bus; returns stdout. */
  dunstctl(...args: string[]): Promise<string>;
  /** Every action dunst offers now, read through its context menu (nothing is chosen). */
  menu(): Promise<MenuEntry[]>;
  /** Invoke the action `key` of notification `id` through dunst's context menu, as a user would. */
  invoke(id: number, key: string): Promise<void>;
  /** How many notifications dunst displays now. */
  displayed(): Promise<number>;
  /** The notifications dunst has closed, newest first, as its history reports them. */
  history(): Promise<HistoryEntry[]>;
  /** dunst's stderr so far (for failure messages). */
  dunstLog(): string;
  kill(): Promise<void>;
}

const BUS_CONFIG = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=DIR</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;

// Critical and normal notifications stay until closed, as a waiting agent's should; markup is on so
// the escaping of pane text is exercised.
const DUNSTRC = `[global]
    dmenu = "DIR/dmenu.sh"
    markup = full
    format = "%s\\n%b"
    notification_limit = 0
    sticky_history = false
[urgency_low]
    timeout = 0
[urgency_normal]
    timeout = 0
[urgency_critical]
    timeout = 0
`;

// Records the menu (atomically: dunst may be asked again before we read) and prints the chosen line.
const DMENU = `#!/bin/sh
cat > "DIR/menu.tmp"
choice=""
[ -f "DIR/choice" ] && choice=$(cat "DIR/choice") && rm -f "DIR/choice"
mv "DIR/menu.tmp" "DIR/menu.txt"
[ -n "$choice" ] && grep -F -- "$choice" "DIR/menu.txt" | head -n 1
exit 0
`;

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/** Reads the first line a child writes to `fd` (Xvfb's display number, dbus-daemon's address). */
function firstLine(child: ChildProcess, fd: number, what: string): Promise<string> {
  const stream = child.stdio[fd];
  if (stream === null || stream === undefined || !('on' in stream)) throw new Error(`${what}: no pipe on fd ${fd}`);
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 10 s`)), 10_000);
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const nl = text.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(text.slice(0, nl).trim());
      }
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}

/** Fails with the Debian packages to install when a program is missing (a spawn error would crash the worker). */
async function requirePrograms(names: readonly string[]): Promise<void> {
  const missing: string[] = [];
  for (const name of names) {
    try {
      await run('sh', ['-c', 'command -v "$1"', 'sh', name]);
    } catch {
      missing.push(name);
    }
  }
  if (missing.length > 0)
    throw new Error(`desktop-bus: ${missing.join(', ')} not found; install the Debian packages dbus, dunst and xvfb (see .ci/run)`);
}

/** Parses dunst's menu text. */
export function parseMenu(text: string): MenuEntry[] {
  return text
    .split('\n')
    .map((line) => /^#(.*) \((.*)\) \[(\d+),(.*)\]$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ label: m[1] ?? '', summary: m[2] ?? '', id: Number(m[3]), key: m[4] ?? '' }));
}

/** Start a private bus and display; dunst starts with `startDunst()` (or `{ dunst: true }`). */
export async function startPrivateDesktop(opts: { dunst?: boolean } = {}): Promise<PrivateDesktop> {
  await requirePrograms(['dbus-daemon', 'dbus-send', 'Xvfb', 'dunst', 'dunstctl']);
  const dir = mkdtempSync(join(tmpdir(), 'tb-desktop-'));
  const children: ChildProcess[] = [];
  writeFileSync(join(dir, 'bus.conf'), BUS_CONFIG.replaceAll('DIR', dir));
  writeFileSync(join(dir, 'dunstrc'), DUNSTRC.replaceAll('DIR', dir));
  writeFileSync(join(dir, 'dmenu.sh'), DMENU.replaceAll('DIR', dir));
  chmodSync(join(dir, 'dmenu.sh'), 0o755);

  const bus = spawn('dbus-daemon', [`--config-file=${join(dir, 'bus.conf')}`, '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(bus);
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '1024x768x24'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  children.push(xvfb);
  let busAddress: string;
  let display: string;
  try {
    [busAddress, display] = await Promise.all([firstLine(bus, 1, 'dbus-daemon'), firstLine(xvfb, 3, 'Xvfb').then((n) => `:${n}`)]);
  } catch (error) {
    for (const c of children) c.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const env = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: busAddress,
    DISPLAY: display,
    HOME: dir,
    XDG_CONFIG_HOME: dir,
    XDG_RUNTIME_DIR: dir,
    WAYLAND_DISPLAY: undefined,
  };
  let dunst: ChildProcess | null = null;
  let log = '';

  const dunstctl = async (...args: string[]): Promise<string> => (await run('dunstctl', args, { env, timeout: 10_000 })).stdout;
  const ownerOfNotifications = async (): Promise<boolean> => {
    const r = await run(
      'dbus-send',
      [
        '--session',
        '--print-reply',
        '--dest=org.freedesktop.DBus',
        '/org/freedesktop/DBus',
        'org.freedesktop.DBus.NameHasOwner',
        'string:org.freedesktop.Notifications',
      ],
      { env },
    );
    return r.stdout.includes('boolean true');
  };
  const readMenu = async (choice: string | null): Promise<string> => {
    rmSync(join(dir, 'menu.txt'), { force: true });
    if (choice !== null) writeFileSync(join(dir, 'choice'), choice);
    let asked = 0;
    // dunst runs no menu when nothing it shows has an action (then: an empty menu when nothing is
    // shown), and ignores a request while a menu is open: ask again now and then until it answers.
    return poll(
      async () => {
        if (existsSync(join(dir, 'menu.txt'))) return readFileSync(join(dir, 'menu.txt'), 'utf8');
        if ((await desktop.displayed()) === 0) return '\n';
        if (asked++ % 20 === 0) await dunstctl('context');
        return null;
      },
      "dunst's context menu",
      // dunst answers within a second when idle; a loaded 2-core machine has been seen to take several.
      { timeoutMs: 20_000 },
    );
  };

  const desktop: PrivateDesktop = {
    busAddress,
    display,
    dir,
    async startDunst() {
      const child = spawn('dunst', ['-config', join(dir, 'dunstrc')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      children.push(child);
      dunst = child;
      await poll(ownerOfNotifications, `dunst on the private bus (${log})`, { timeoutMs: 10_000 });
    },
    async stopDunst() {
      const child = dunst;
      dunst = null;
      if (child === null) return;
      child.kill('SIGTERM');
      await exited(child);
      await poll(async () => !(await ownerOfNotifications()), 'org.freedesktop.Notifications released', { timeoutMs: 10_000 });
    },
    dunstctl,
    async menu() {
      return parseMenu(await readMenu(null));
    },
    async invoke(id, key) {
      const menu = parseMenu(await readMenu(`[${id},${key}]`));
      if (!menu.some((e) => e.id === id && e.key === key))
        throw new Error(`dunst offers no action ${key} on notification ${id}: ${JSON.stringify(menu)}`);
    },
    async displayed() {
      return Number((await dunstctl('count', 'displayed')).trim());
    },
    async history() {
      const parsed = JSON.parse(await dunstctl('history')) as { data: Record<string, { data: unknown }>[][] };
      return (parsed.data[0] ?? []).map((n) => {
        const field = (name: string): string => String(n[name]?.data ?? '');
        return {
          id: Number(n['id']?.data),
          appname: field('appname'),
          summary: field('summary'),
          body: field('body'),
          category: field('category'),
          message: field('message'),
        };
      });
    },
    dunstLog: () => log,
    async kill() {
      for (const c of children.reverse()) {
        c.kill('SIGTERM');
        await Promise.race([exited(c), new Promise((r) => setTimeout(r, 3000))]);
        if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  if (opts.dunst === true) await desktop.startDunst();
  return desktop;
}
