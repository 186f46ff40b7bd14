/**
 * The status segment's two implementations, run against one table of cases so that they can never
 * drift: `trailboss tmux-status` on Node (the launcher's fast path into bin/trailboss-tmux-status.mjs)
 * and bin/trailboss-tmux-status.sh, which `trailboss tmux install` has tmux run, under every POSIX
 * shell here (/bin/sh, dash, bash in POSIX mode as macOS's /bin/sh is). Real processes, a temp home,
 * a live pid and a dead one. The clock is real: ages sit mid-unit (12m30s, 3h30m...) so the second
 * between the two runs cannot change what either prints.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueStatusOf, writeQueueStatusFile } from '../../main/engine/api/queue-status-file.ts';
import { queueItem } from '../support/queue-items.ts';
import { PINNED_NODE, runProgram } from '../support/run-node.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const LAUNCHER = join(ROOT, 'bin', 'trailboss.mjs');
const SCRIPT = join(ROOT, 'bin', 'trailboss-tmux-status.sh');

/** Every POSIX shell on this machine the script must run under (dash and bash are in CI's image). */
const SHELLS: readonly (readonly string[])[] = [
  ['/bin/sh'],
  ...(spawnSync('dash', ['-c', ':']).status === 0 ? [['dash']] : []),
  ...(spawnSync('bash', ['-c', ':']).status === 0 ? [['bash', '--posix']] : []),
];

/** What either may print at all: digits, letters and the two fixed symbols. */
const SEGMENT = /^(?:⏳\d+(?: \d+[smhd])?(?: ⚠\d+)?\n)?$/;

let dir: string;
let live: number;
let dead: number;
let marker: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-status-parity-'));
  marker = join(dir, 'ran');
  live = process.pid;
  const child = spawnSync(process.execPath, ['-e', '0']);
  dead = child.pid;
  // A pid reused since is possible in principle; make sure this one is gone.
  expect(() => process.kill(dead, 0)).toThrow();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The engine's line for these values (main/engine/api/queue-status-file.ts writes JSON.stringify of them). */
const line = (over: Record<string, unknown> = {}): string =>
  JSON.stringify({ version: 1, pid: live, count: 3, oldestSince: Date.now() - 750_000, stuck: 0, ...over }) + '\n';
const ago = (ms: number) => Date.now() - ms;

/** One case: the file's bytes (null: no file; 'dir': a directory in its place) and what both must print. */
interface Case {
  readonly name: string;
  readonly file: () => string | Buffer | null | 'dir';
  readonly prints: string | RegExp;
}

const CASES: readonly Case[] = [
  { name: 'three wait, the oldest for 12m30s', file: () => line(), prints: '⏳3 12m\n' },
  { name: 'one stuck', file: () => line({ stuck: 1 }), prints: '⏳3 12m ⚠1\n' },
  { name: 'two stuck', file: () => line({ stuck: 2 }), prints: '⏳3 12m ⚠2\n' },
  // 30.999 s: the sh's clock is whole seconds (up to 999 ms behind), so it too says at least 30s.
  { name: 'seconds', file: () => line({ count: 1, oldestSince: ago(30_999) }), prints: /^⏳1 [3-5]\ds\n$/ },
  { name: 'hours', file: () => line({ oldestSince: ago(3.5 * 3600_000) }), prints: '⏳3 3h\n' },
  { name: 'days', file: () => line({ oldestSince: ago(2.5 * 86400_000) }), prints: '⏳3 2d\n' },
  {
    name: 'a wait that starts in the future (clock skew) is 0s',
    file: () => line({ oldestSince: Date.now() + 3600_000 }),
    prints: '⏳3 0s\n',
  },
  { name: 'oldestSince null: the count alone', file: () => line({ count: 2, oldestSince: null }), prints: '⏳2\n' },
  {
    name: 'the largest safe integers',
    file: () => line({ count: 9007199254740991, oldestSince: null, stuck: 9007199254740991 }),
    prints: '⏳9007199254740991 ⚠9007199254740991\n',
  },
  { name: 'no final newline', file: () => line().slice(0, -1), prints: '⏳3 12m\n' },
  {
    name: 'a NUL byte (dropped by both, as the shell reads)',
    file: () => Buffer.from(line().replace('"count"', '\0"count"')),
    prints: '⏳3 12m\n',
  },
  { name: 'not ours to signal (pid 1: EPERM, or alive when root)', file: () => line({ pid: 1 }), prints: '⏳3 12m\n' },
  { name: 'nobody waits', file: () => line({ count: 0, oldestSince: null }), prints: '' },
  { name: 'no file', file: () => null, prints: '' },
  { name: 'a directory in its place', file: () => 'dir', prints: '' },
  { name: 'empty', file: () => '', prints: '' },
  { name: 'malformed JSON', file: () => '{"version":1,"pid":', prints: '' },
  { name: 'a truncated line', file: () => line().slice(0, -2), prints: '' },
  { name: 'a second line', file: () => line() + line(), prints: '' },
  { name: 'an empty second line', file: () => line() + '\n', prints: '' },
  { name: 'CRLF', file: () => line().replace('\n', '\r\n'), prints: '' },
  { name: 'another version', file: () => line({ version: 2 }), prints: '' },
  { name: 'the version as a string', file: () => line({ version: '1' }), prints: '' },
  { name: 'a dead pid (engine killed, file left behind)', file: () => line({ pid: dead }), prints: '' },
  { name: 'pid 0', file: () => line({ pid: 0 }), prints: '' },
  { name: 'pid -1', file: () => line({ pid: -1 }), prints: '' },
  { name: 'a pid past 2^31', file: () => line({ pid: 2 ** 31 }), prints: '' },
  { name: 'a negative count', file: () => line({ count: -3 }), prints: '' },
  { name: 'a float count', file: () => line({ count: 2.5 }), prints: '' },
  { name: 'a count past the safe integers', file: () => line().replace('"count":3', '"count":9007199254740992'), prints: '' },
  { name: 'a count of 20 digits', file: () => line().replace('"count":3', '"count":99999999999999999999'), prints: '' },
  { name: 'a count as 3.0', file: () => line().replace('"count":3', '"count":3.0'), prints: '' },
  { name: 'a count as 3e0', file: () => line().replace('"count":3', '"count":3e0'), prints: '' },
  { name: 'a count with a leading zero', file: () => line().replace('"count":3', '"count":03'), prints: '' },
  { name: 'a negative oldestSince', file: () => line({ oldestSince: -5 }), prints: '' },
  { name: 'a float oldestSince', file: () => line({ oldestSince: ago(750_000) + 0.5 }), prints: '' },
  { name: 'stuck missing', file: () => line().replace(',"stuck":0', ''), prints: '' },
  { name: 'a negative stuck', file: () => line({ stuck: -1 }), prints: '' },
  { name: 'spaces (valid JSON, not the engine’s line)', file: () => line().replace(/,/g, ', '), prints: '' },
  {
    name: 'keys in another order',
    file: () => JSON.stringify({ pid: live, version: 1, count: 3, oldestSince: null, stuck: 0 }) + '\n',
    prints: '',
  },
  { name: 'an extra key', file: () => line().replace('}', ',"x":1}'), prints: '' },
  { name: 'a key twice', file: () => line().replace('"count":3', '"count":9,"count":3'), prints: '' },
  { name: 'a key spelled with an escape', file: () => line().replace('"count"', '"\\u0063ount"'), prints: '' },
  { name: '$(...) as a value', file: () => line().replace('"count":3', `"count":$(touch ${marker})`), prints: '' },
  { name: '$(...) as a string value', file: () => line({ count: `$(touch ${marker})` }), prints: '' },
  { name: 'backticks as a value', file: () => line().replace('"stuck":0', `"stuck":\`touch ${marker}\``), prints: '' },
  { name: 'arithmetic that runs a command in bash', file: () => line().replace('"count":3', `"count":a[$(touch ${marker})]`), prints: '' },
  { name: 'escape bytes in a value', file: () => line().replace('"count":3', '"count":3\x1b[31m'), prints: '' },
  { name: 'an escape byte before the line', file: () => '\x1b]0;x\x07' + line(), prints: '' },
];

/** Write the case's file into a fresh home. */
function homeWith(c: Case, i: number): string {
  const home = join(dir, `case${i}`);
  mkdirSync(home);
  const content = c.file();
  if (content === 'dir') mkdirSync(join(home, 'queue-status.json'));
  else if (content !== null) writeFileSync(join(home, 'queue-status.json'), content);
  return home;
}

const viaNode = (env: Record<string, string>, cwd?: string) => runProgram(PINNED_NODE, [LAUNCHER, 'tmux-status'], { env, cwd });
const viaShell = (shell: readonly string[], args: readonly string[], env: Record<string, string>, cwd?: string) =>
  runProgram(shell[0] as string, [...shell.slice(1), SCRIPT, ...args], { env, cwd });

describe('the status segment: the sh script and the Node command print the same', { timeout: 120_000 }, () => {
  it('the script is POSIX sh (dash parses it)', () => {
    for (const shell of SHELLS) expect(spawnSync(shell[0] as string, [...shell.slice(1), '-n', SCRIPT]).status).toBe(0);
  });

  CASES.forEach((c, i) => {
    it(c.name, async () => {
      const home = homeWith(c, i);
      const runs = [
        await viaNode({ TRAILBOSS_HOME: home, HOME: dir }),
        // As installed: the home as the argument.
        ...(await Promise.all(SHELLS.map((shell) => viaShell(shell, [home], { HOME: dir })))),
      ];
      for (const run of runs) {
        expect([run.code, run.stderr]).toEqual([0, '']);
        expect(run.stdout).toMatch(SEGMENT);
        if (typeof c.prints === 'string') expect(run.stdout).toBe(c.prints);
        else expect(run.stdout).toMatch(c.prints);
      }
      expect(existsSync(marker)).toBe(false);
    });
  });

  // Not root, pid 1 above is the EPERM case; as root (this sandbox), another user asks about root's live pid and a dead one.
  it.runIf(process.getuid?.() === 0)(
    'run by another user: a live engine it may not signal still runs (EPERM; /proc for the sh), a dead one does not',
    () => {
      const home = join(dir, 'other-user');
      mkdirSync(home);
      chmodSync(dir, 0o755);
      chmodSync(home, 0o755);
      const asNobody = (file: string, args: readonly string[]) =>
        spawnSync(file, args, {
          uid: 65534,
          gid: 65534,
          env: { PATH: '/usr/bin:/bin', TRAILBOSS_HOME: home, HOME: home },
          encoding: 'utf8',
        });
      for (const [pid, prints] of [
        [live, '⏳3 12m\n'],
        [dead, ''],
      ] as const) {
        writeFileSync(join(home, 'queue-status.json'), line({ pid }), { mode: 0o644 });
        const runs = [
          asNobody(PINNED_NODE, [LAUNCHER, 'tmux-status']),
          ...SHELLS.map((shell) => asNobody(shell[0] as string, [...shell.slice(1), SCRIPT, home])),
        ];
        expect(runs.map((r) => [r.status, r.stdout, r.stderr])).toEqual(runs.map(() => [0, prints, '']));
      }
    },
  );

  it("reads the engine's own writer: the line queue-status-file.ts writes for a queue", async () => {
    const home = join(dir, 'engine');
    const items = [queueItem({ firstSeen: ago(750_000), stuck: true }), queueItem({ firstSeen: ago(60_000) })];
    writeQueueStatusFile(join(home, 'queue-status.json'), queueStatusOf(items, live));
    const runs = [await viaNode({ TRAILBOSS_HOME: home }), ...(await Promise.all(SHELLS.map((shell) => viaShell(shell, [home], {}))))];
    expect(runs.map((r) => r.stdout)).toEqual(runs.map(() => '⏳2 12m ⚠1\n'));
  });

  it('finds the home without an argument as platform/paths.ts does: TRAILBOSS_HOME (relative to the cwd), XDG_CONFIG_HOME, ~/.config', async () => {
    const root = join(dir, 'resolve');
    const write = (home: string, count: number) => {
      mkdirSync(home, { recursive: true });
      writeFileSync(join(home, 'queue-status.json'), line({ count, oldestSince: null }));
    };
    write(join(root, 'cwd', 'rel'), 1);
    write(join(root, 'xdg', 'trailboss'), 2);
    write(join(root, 'user', '.config', 'trailboss'), 3);
    const cases: readonly [Record<string, string>, string][] = [
      [{ TRAILBOSS_HOME: 'rel', HOME: join(root, 'user') }, '⏳1\n'],
      [{ TRAILBOSS_HOME: '  ', XDG_CONFIG_HOME: join(root, 'xdg'), HOME: join(root, 'user') }, '⏳2\n'],
      [{ XDG_CONFIG_HOME: 'relative/is/ignored', HOME: join(root, 'user') }, '⏳3\n'],
      [{ HOME: join(root, 'user') }, '⏳3\n'],
    ];
    for (const [env, prints] of cases) {
      const cwd = join(root, 'cwd');
      const runs = [await viaNode(env, cwd), ...(await Promise.all(SHELLS.map((shell) => viaShell(shell, [], env, cwd))))];
      expect(runs.map((r) => r.stdout)).toEqual(runs.map(() => prints));
    }
  });
});
