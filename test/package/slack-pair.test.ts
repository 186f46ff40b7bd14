/**
 * `trailboss slack pair` from the installed package (npm pack, npm install -g into a fresh prefix:
 * the bundled CLI with the Slack libraries in it), against the Slack stand-in on loopback: once
 * through a real pipe, the y typed after the question appears, and once in a real terminal (a pane of
 * a private tmux server is a pty), where the user types y and Enter. The status, the 0600 token files
 * and the running engine's connection are checked after each.
 */
import { spawn } from 'node:child_process';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { slackTokenPath } from '../../main/engine/slack/slack-token-files.ts';
import { packAndInstall, type PackedInstall } from '../support/packed-install.ts';
import { poll } from '../support/poll.ts';
import { SlackStandIn } from '../support/slack-api/stand-in.ts';
import { startPrivateTmux, type PrivateTmux } from '../support/tmux-server.ts';

let pkg: PackedInstall;
let slack: SlackStandIn;
let tmux: PrivateTmux | null = null;

beforeAll(() => {
  pkg = packAndInstall('tb-slack-');
}, 300_000);
afterAll(() => {
  if (pkg?.work) rmSync(pkg.work, { recursive: true, force: true });
});
afterEach(async () => {
  await tmux?.kill();
  tmux = null;
  await slack?.close();
  rmSync(join(pkg.work, 'home', 'tb'), { recursive: true, force: true });
});

function tokenArgs(): string[] {
  const bot = join(pkg.work, 'bot.txt');
  const app = join(pkg.work, 'app.txt');
  writeFileSync(bot, `${slack.botToken}\n`);
  writeFileSync(app, `${slack.appToken}\n`);
  return ['--bot-token-file', bot, '--app-token-file', app, '--api-base', slack.apiBase];
}

function runInstalled(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(pkg.command, args, { env: pkg.env(), cwd: pkg.work });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

async function expectPaired(): Promise<void> {
  const status = await runInstalled(['slack', 'status', '--json']);
  expect(JSON.parse(status.stdout)).toMatchObject({ paired: true, userId: 'U0ADA', channelId: 'D0ADA' });
  const home = join(pkg.work, 'home', 'tb');
  expect(statSync(slackTokenPath(home, 'bot')).mode & 0o777).toBe(0o600);
  expect(statSync(slackTokenPath(home, 'app')).mode & 0o777).toBe(0o600);
  // The installed engine connects with what was saved (its own process, its own socket).
  const daemon = spawn(pkg.command, ['daemon', '--tmux-socket', join(pkg.work, 'no-tmux.sock')], {
    env: pkg.env(),
    cwd: pkg.work,
    stdio: 'ignore',
  });
  try {
    await poll(
      async () => JSON.parse((await runInstalled(['slack', 'status', '--json'])).stdout).connected === true,
      'the installed engine connected',
      {
        timeoutMs: 30_000,
      },
    );
  } finally {
    daemon.kill('SIGTERM');
    await new Promise((done) => daemon.once('close', done));
  }
}

describe('trailboss slack pair, installed', () => {
  it('pairs through a real pipe: the code DMed, the question asked, y written after it', async () => {
    slack = await SlackStandIn.start();
    const owner = slack.addUser('U0ADA', 'Ada Lovelace', 'ada');
    const child = spawn(pkg.command, ['slack', 'pair', ...tokenArgs()], { env: pkg.env(), cwd: pkg.work, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const closed = new Promise<number | null>((done) => child.on('close', done));
    const code = await poll(() => /DM @trailboss this code: ([A-Za-z0-9_-]+)/.exec(out)?.[1], 'the code', { timeoutMs: 30_000 });
    slack.dm(owner, code);
    await poll(() => out.includes('Pair with Ada Lovelace (U0ADA)? [y/N]'), 'the question', { timeoutMs: 20_000 });
    child.stdin.end('y\n');
    expect(await closed).toBe(0);
    expect(err).toBe('');
    expect(out).toContain('Paired with Ada Lovelace.');
    expect(out + err).not.toMatch(/xox[bp]-|xapp-/);
    await expectPaired();
  }, 120_000);

  it('pairs in a real terminal: the user types y and Enter at the question', async () => {
    slack = await SlackStandIn.start();
    const owner = slack.addUser('U0ADA', 'Ada Lovelace', 'ada');
    tmux = await startPrivateTmux({ socketPath: join(pkg.work, 'pair-tmux.sock') });
    const env = pkg.env();
    const line = [pkg.command, 'slack', 'pair', ...tokenArgs()].map((a) => `'${a}'`).join(' ');
    const pane = await tmux.newPane(`${line}; echo "EXIT=$?"; sleep 600`, {
      env: { PATH: env['PATH']!, HOME: env['HOME']!, TRAILBOSS_HOME: env['TRAILBOSS_HOME']! },
      width: 160,
    });
    const screen = () => tmux!.tmux(['capture-pane', '-p', '-J', '-t', pane]);
    const code = await poll(async () => /DM @trailboss this code: ([A-Za-z0-9_-]+)/.exec(await screen())?.[1], 'the code', {
      timeoutMs: 30_000,
    });
    slack.dm(owner, code);
    await poll(async () => (await screen()).includes('Pair with Ada Lovelace (U0ADA)? [y/N]'), 'the question', { timeoutMs: 20_000 });
    await tmux.tmux(['send-keys', '-t', pane, 'y', 'Enter']);
    const final = await poll(
      async () => {
        const s = await screen();
        return /EXIT=\d+/.test(s) ? s : null;
      },
      'the command ended',
      { timeoutMs: 20_000 },
    );
    expect(final).toContain('Paired with Ada Lovelace.');
    expect(final).toContain('EXIT=0');
    expect(final).not.toMatch(/xox[bp]-|xapp-/);
    await expectPaired();
  }, 120_000);
});
