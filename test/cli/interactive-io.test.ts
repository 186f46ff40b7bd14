/**
 * Every command that reads standard input, run as the built CLI with a real pipe and with a real
 * terminal (a pane of a private tmux server is a pseudo-terminal): the in-process tests give the
 * commands their input through the context, which is how `phone pair` could not pair for a whole
 * round while its tests passed. The commands: `phone pair` (its [y/N] question; pairing completes
 * against the stand-in Bot API; Ctrl-C, the real SIGINT behind the context's stop signal, at each of
 * its waits) and `trailboss hook` (a payload to the end of input; the CLI verb and the launcher's forwarder). `trailboss tui`
 * reads a terminal too: test/cli/tui/ drives it in a tmux pane through the launcher.
 */
import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BotApiStandIn } from '../support/bot-api/stand-in.ts';
import { buildCliCopy, type BuiltCli } from '../support/built-cli.ts';
import { startEngineHarness, type EngineHarness } from '../support/engine-harness.ts';
import { poll } from '../support/poll.ts';
import { PINNED_NODE } from '../support/run-node.ts';
import { startPrivateTmux, type PrivateTmux } from '../support/tmux-server.ts';
import { hookExample } from '../engine/hooks/fixture-hooks.ts';
import { OWNER } from '../engine/phone/support.ts';

let built: BuiltCli;
let tg: BotApiStandIn;
/** A private tmux server whose panes are the terminals (each pane a pseudo-terminal). */
let tmux: PrivateTmux;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  built = await buildCliCopy();
  tg = await BotApiStandIn.start();
  tmux = await startPrivateTmux();
}, 120_000);
afterAll(async () => {
  await tmux?.kill();
  await tg?.close();
  built?.remove();
});
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** A fresh home holding the bot token file. */
function pairingHome(): { home: string; tokenFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tb-interactive-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const tokenFile = join(dir, 'bot-token.txt');
  writeFileSync(tokenFile, `${tg.token}\n`);
  mkdirSync(join(dir, 'tb'));
  return { home: dir, tokenFile };
}

const userEnv = (home: string, extra: Record<string, string> = {}) => ({
  PATH: '/usr/bin:/bin',
  HOME: home,
  TRAILBOSS_HOME: join(home, 'tb'),
  ...extra,
});

const pairArgs = (tokenFile: string) => ['phone', 'pair', '--bot-token-file', tokenFile, '--api-base', tg.apiBase, '--no-qr'];

/** A child process on pipes: what it printed so far, its exit. */
function spawnPiped(file: string, args: readonly string[], env: NodeJS.ProcessEnv) {
  const child = spawn(file, [...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.on('error', () => {});
  const exited = new Promise<number | null>((done) => child.on('close', done));
  cleanups.push(() => void child.kill('SIGKILL'));
  return { child, exited, out: () => stdout, err: () => stderr };
}

/** The owner taps Start with the code the link in `text` carries. */
async function tapStart(text: () => string | Promise<string>): Promise<void> {
  const code = await poll(async () => /\?start=([A-Za-z0-9_-]+)/.exec(await text())?.[1], 'the pairing link', {
    timeoutMs: 30_000,
    intervalMs: 50,
  });
  tg.sendText(OWNER, `/start ${code}`);
}

/**
 * Runs `command` in a pane of its own: stdin, stdout and stderr are its pseudo-terminal. After it the
 * shell prints its exit code (`EXIT=n`).
 */
async function inPane(command: readonly string[], env: Record<string, string>) {
  const line = command.map((a) => `'${a}'`).join(' ');
  const paneId = await tmux.newPane(`${line}; echo "EXIT=$?"; exec sleep 600`, { width: 200, height: 40, env });
  const screen = async () => tmux.tmux(['capture-pane', '-p', '-J', '-t', paneId]);
  const waitFor = (text: string, what: string) =>
    poll(async () => ((await screen()).includes(text) ? screen() : null), what, { timeoutMs: 30_000, intervalMs: 100 }).catch(
      async (error: unknown) => {
        throw new Error(`${String(error)}; the screen:\n${await screen()}`);
      },
    );
  const keys = async (...k: string[]) => void (await tmux.tmux(['send-keys', '-t', paneId, ...k]));
  return { paneId, screen, waitFor, keys };
}

/** `trailboss phone pair` for `home` in a pane. */
const pairInPane = (home: string, tokenFile: string) => inPane([...built.command, ...pairArgs(tokenFile)], userEnv(home));

async function pairedStatus(home: string): Promise<{ paired: boolean; chatId: number | null }> {
  const status = spawnPiped(built.command[0], [built.command[1], 'phone', 'status', '--json'], userEnv(home));
  status.child.stdin.end();
  expect(await status.exited).toBe(0);
  return JSON.parse(status.out()) as { paired: boolean; chatId: number | null };
}

describe('phone pair on a pipe', { timeout: 90_000 }, () => {
  it('pairs when y is written after the question', async () => {
    const { home, tokenFile } = pairingHome();
    const run = spawnPiped(built.command[0], [built.command[1], ...pairArgs(tokenFile)], userEnv(home));
    await tapStart(run.out);
    await poll(() => run.out().includes('[y/N] '), 'the question', { timeoutMs: 30_000 });
    run.child.stdin.write('y\n');
    expect(await run.exited).toBe(0);
    expect(run.out()).toContain('Paired with Ada (@ada).');
    expect(run.err()).toBe('');
    expect(await pairedStatus(home)).toMatchObject({ paired: true, chatId: OWNER.id });
  });

  it('pairs when the answer came first and the pipe closed before the question (echo y | trailboss phone pair)', async () => {
    const { home, tokenFile } = pairingHome();
    const run = spawnPiped(built.command[0], [built.command[1], ...pairArgs(tokenFile)], userEnv(home));
    run.child.stdin.end('y\r\n');
    await tapStart(run.out);
    expect(await run.exited).toBe(0);
    expect(run.out()).toContain('Paired with Ada (@ada).');
    expect(await pairedStatus(home)).toMatchObject({ paired: true });
  });

  it('pairs nothing on n, nor on an input that ends without an answer', async () => {
    for (const input of ['n\n', '']) {
      const { home, tokenFile } = pairingHome();
      const run = spawnPiped(built.command[0], [built.command[1], ...pairArgs(tokenFile)], userEnv(home));
      run.child.stdin.end(input);
      await tapStart(run.out);
      expect(await run.exited).toBe(1);
      expect(run.out()).toContain('Not paired.');
      expect(await pairedStatus(home)).toMatchObject({ paired: false, chatId: null });
    }
  });
});

describe('phone pair in a terminal', { timeout: 90_000 }, () => {
  for (const [answer, exit, said] of [
    ['y', 0, 'Paired with Ada (@ada).'],
    ['n', 1, 'Not paired.'],
  ] as const) {
    it(`answers ${answer} typed at the question`, async () => {
      const { home, tokenFile } = pairingHome();
      const pane = await pairInPane(home, tokenFile);
      await tapStart(pane.screen);
      await pane.waitFor('[y/N]', 'the question on the screen');
      await pane.keys('-l', answer);
      await pane.keys('Enter');
      const after = await pane.waitFor('EXIT=', 'the command’s end');
      expect(after).toContain(said);
      expect(after).toContain(`EXIT=${exit}`);
      expect((await pairedStatus(home)).paired).toBe(answer === 'y');
    });
  }
});

/** What the database says about a pairing in progress (a running engine leaves the bot alone until `pairing_until`). */
function pairingUntil(home: string): number | null {
  const db = new Database(join(home, 'tb', 'trailboss.db'), { readonly: true });
  try {
    return (db.prepare('SELECT pairing_until FROM phone_pairing WHERE id = 1').get() as { pairing_until: number | null }).pairing_until;
  } finally {
    db.close();
  }
}

describe('phone pair stopped with Ctrl-C in a terminal (the real SIGINT, not an injected signal)', { timeout: 90_000 }, () => {
  it('while waiting for Start: ends the pairing, pairs nothing', async () => {
    const { home, tokenFile } = pairingHome();
    const pane = await pairInPane(home, tokenFile);
    await pane.waitFor('Waiting for Start', 'the wait for Start');
    expect(pairingUntil(home)).not.toBeNull();
    await pane.keys('C-c');
    const after = await pane.waitFor('EXIT=', 'the command’s end');
    expect(after).toContain('stopped; nothing was paired');
    expect(after).toContain('EXIT=1');
    expect(pairingUntil(home)).toBeNull();
  });

  it('at the question: ends the pairing at the first Ctrl-C, pairs nothing', async () => {
    const { home, tokenFile } = pairingHome();
    const pane = await pairInPane(home, tokenFile);
    await tapStart(pane.screen);
    await pane.waitFor('[y/N]', 'the question');
    await pane.keys('C-c');
    const after = await pane.waitFor('EXIT=', 'the command’s end');
    expect(after).toContain('Not paired.');
    expect(after).toContain('EXIT=1');
    expect(pairingUntil(home)).toBeNull();
    expect((await pairedStatus(home)).paired).toBe(false);
  });
});

describe('what the CLI prints (the context’s stdout and stderr are the real streams)', { timeout: 90_000 }, () => {
  /** A script that runs `phone pair` with a token file whose name clears the screen and sets the title. */
  function hostileNameRun(): { home: string; script: string } {
    const { home } = pairingHome();
    const script = join(home, 'run.sh');
    const cli = [...built.command].map((a) => `'${a}'`).join(' ');
    writeFileSync(script, `${cli} phone pair --bot-token-file "$(printf 'bad\\033[2J\\033]0;owned\\007name')"\n`);
    return { home, script };
  }

  it('to a terminal: controls in what it echoes are shown as text, never acted on', async () => {
    const { home, script } = hostileNameRun();
    const pane = await inPane(['/bin/sh', script], userEnv(home));
    const screen = await pane.waitFor('EXIT=', 'the refusal');
    expect(screen).toContain('cannot read bad␛[2J␛]0;owned␇name');
    expect(screen).toContain('EXIT=1');
    expect((await tmux.tmux(['display-message', '-p', '-t', pane.paneId, '#{pane_title}'])).trim()).not.toBe('owned');
  });

  it('to a pipe: exactly as it is, for scripts', async () => {
    const { home, script } = hostileNameRun();
    const run = spawnPiped('/bin/sh', [script], userEnv(home));
    run.child.stdin.end();
    expect(await run.exited).toBe(1);
    expect(run.err()).toContain('cannot read bad\x1b[2J\x1b]0;owned\x07name');
  });
});

describe('trailboss hook', { timeout: 90_000 }, () => {
  let h: EngineHarness;
  beforeAll(async () => {
    h = await startEngineHarness({ api: true });
  }, 60_000);
  afterAll(async () => h?.dispose());

  const events = (name: string) => h.engine.store.hooks.list().find((c) => c.kind === 'event' && c.name === name)?.count ?? 0;
  // The CLI verb (the bundle run without the launcher, as the packaged app's CLI runs) and the
  // launcher, whose `hook` is a fast path into bin/trailboss-hook.mjs.
  const commands: readonly (readonly [string, () => readonly string[]])[] = [
    ['the CLI verb', () => [PINNED_NODE, built.bundle, 'hook', 'Stop']],
    ['the launcher’s forwarder', () => [...built.command, 'hook', 'Stop']],
  ];

  for (const [name, command] of commands) {
    it(`${name}: forwards the payload piped to it, up to the end of input`, async () => {
      const [file, ...args] = command();
      const before = events('Stop');
      // The hook gives the engine 300 ms and then drops the event (it must never hold the agent up).
      // On a loaded CI machine the engine in this test's process can miss that budget, so a run whose
      // event did not arrive is tried again, a few times at most; every run must still exit 0 silently.
      let runs = 0;
      for (; runs < 5 && events('Stop') === before; runs++) {
        const run = spawnPiped(file!, args, userEnv(h.home));
        run.child.stdin.end(JSON.stringify(hookExample('Stop.json')));
        expect(await run.exited).toBe(0);
        expect(run.out() + run.err()).toBe('');
        await poll(() => events('Stop') > before, 'the Stop hook counted', { timeoutMs: 5_000 }).catch(() => undefined);
      }
      expect(events('Stop')).toBeGreaterThan(before);
      expect(events('Stop')).toBeLessThanOrEqual(before + runs);
    });

    it(`${name}: on a terminal, takes no payload, prints nothing and answers 0`, async () => {
      const before = events('Stop');
      const pane = await inPane(command(), userEnv(h.home));
      const screen = await pane.waitFor('EXIT=', 'the hook’s end');
      // Nothing printed (Claude must never see output from a hook), exit 0, and no event made up.
      expect(screen.trim()).toBe('EXIT=0');
      expect(events('Stop')).toBe(before);
    });
  }
});
