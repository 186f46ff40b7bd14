/**
 * The phone channel as a user gets it: the installed package's `trailboss daemon` (built bundles, no
 * sources) against the stand-in Bot API on loopback (Telegram cannot be reached from here), with
 * scripted agents on a private tmux server. Pairing goes the settings view's way (the engine's HTTP
 * API: check the token, `/start <code>`, confirm); then a stranger's press and messages are dropped
 * unanswered, the owner's press approves once, a threaded reply is typed into an idle agent, a
 * fresh `y` about nothing is refused with a reply, a `y` delivered late never answers a prompt sent
 * after it, and the installed `doctor` names the pairing and
 * counts the phone's rows. The in-process suite (test/engine/phone) covers each rule in detail.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEndpointFile } from '../../main/engine/http/endpoint-info.ts';
import type { StoredMessage, TgUser } from '../support/bot-api/stand-in.ts';
import { BotApiStandIn } from '../support/bot-api/stand-in.ts';
import { packAndInstall, type PackedInstall } from '../support/packed-install.ts';
import { poll } from '../support/poll.ts';
import { claudeIdleWorking, claudePermBash } from '../support/scenarios/index.ts';
import type { ScriptedAgent } from '../support/scripted-agent/start.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import { startPrivateTmux, type PrivateTmux } from '../support/tmux-server.ts';

const execFileAsync = promisify(execFile);
const OWNER: TgUser = { id: 4242, first_name: 'Ada', username: 'ada' };
const STRANGER: TgUser = { id: 6666, first_name: 'Mallory' };
/** The daemon's own timings are its defaults (25 s long polls, a 2 s supervisor): waits are generous. */
const LONG = { timeoutMs: 45_000, intervalMs: 100 };

let pkg: PackedInstall;
let tg: BotApiStandIn;
let tmux: PrivateTmux;
let daemon: ChildProcess | null = null;
let daemonLog = '';
let home = '';

/** Call the running daemon's API as the settings view does. */
async function api<T>(method: string, args: unknown): Promise<T> {
  const endpoint = readEndpointFile(join(home, 'endpoint.json'));
  if (!endpoint) throw new Error('no endpoint file yet');
  const res = await fetch(`http://127.0.0.1:${endpoint.port}/api/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${readFileSync(endpoint.tokenFile, 'utf8').trim()}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const envelope = (await res.json()) as { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error.code}: ${envelope.error.message}`);
  return envelope.value;
}

/** Whether the bot's message `m` answers one of the owner's (a plain reply, not a message about an agent). */
const answersOwner = (m: StoredMessage): boolean =>
  m.replyTo !== null && tg.messages(OWNER.id).some((u) => !u.fromBot && u.message_id === m.replyTo);
const itemMessages = (): StoredMessage[] => tg.botMessages(OWNER.id).filter((m) => !answersOwner(m));
const plainReplies = (): string[] =>
  tg
    .botMessages(OWNER.id)
    .filter(answersOwner)
    .map((m) => m.text);
const buttons = (m: StoredMessage): string[] => (m.keyboard ?? []).flat().map((b) => b.text);

beforeAll(async () => {
  pkg = packAndInstall('tb-phone-install-');
  home = join(pkg.work, 'home', 'tb');
  tg = await BotApiStandIn.start();
  tmux = await startPrivateTmux({ socketPath: join(pkg.work, 'tmux.sock') });
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'config.json'), JSON.stringify({ phone: { telegram: { apiBase: tg.apiBase } } }, null, 2));
  daemon = spawn(pkg.command, ['daemon', '--tmux-socket', join(pkg.work, 'tmux.sock')], {
    env: pkg.env(),
    cwd: pkg.work,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  daemon.stdout?.on('data', (d: Buffer) => (daemonLog += d.toString()));
  daemon.stderr?.on('data', (d: Buffer) => (daemonLog += d.toString()));
  await poll(() => readEndpointFile(join(home, 'endpoint.json')), 'the daemon listening', { timeoutMs: 30_000 });
}, 300_000);

afterAll(async () => {
  if (daemon && daemon.exitCode === null) {
    const exited = new Promise((done) => daemon!.once('exit', done));
    daemon.kill('SIGTERM');
    await exited;
  }
  await tmux?.kill();
  await tg?.close();
  if (pkg?.work) rmSync(pkg.work, { recursive: true, force: true });
}, 60_000);

describe('the installed package: the phone channel against the stand-in Bot API', () => {
  let prompt: ScriptedAgent;

  it('pairs the private chat that taps Start with the code, only once the desk confirms; strangers are not paired', async () => {
    const started = await api<{ pairingId: string; bot: string; link: string }>('phone:pair', { token: tg.token, apiBase: null });
    expect(started.bot).toBe('trailboss_test_bot');
    const code = /\?start=([A-Za-z0-9_-]+)$/.exec(started.link)![1]!;
    tg.sendText(STRANGER, `/start ${code}`, { chat: { id: -100, type: 'group', title: 'a group' } });
    tg.sendText(STRANGER, '/start not-the-code');
    tg.sendText(OWNER, `/start ${code}`);
    const found = await poll(async () => {
      const s = await api<{ state: string; name?: string; userId?: number }>('phone:pairing', { pairingId: started.pairingId });
      return s.state === 'found' ? s : null;
    }, 'Start seen');
    expect(found).toMatchObject({ name: 'Ada (@ada)', userId: OWNER.id });
    await api('phone:confirm', { pairingId: started.pairingId });
    expect(readFileSync(join(home, 'telegram-bot-token'), 'utf8').trim()).toBe(tg.token);
    // The daemon starts the channel by itself: it polls the stand-in.
    // (The pairing's own wait asks for messages only; the channel for button presses too.)
    await poll(
      () => tg.callsOf('getUpdates').some((p) => JSON.stringify(p['allowed_updates']).includes('callback_query')),
      'the channel polling',
      LONG,
    );
    expect(tg.botMessages(STRANGER.id)).toEqual([]);
  }, 60_000);

  it("sends a waiting prompt with its buttons, drops a stranger's press unanswered, and approves once on the owner's", async () => {
    prompt = await startScriptedAgent(tmux, claudePermBash(), { session: 'api-worker' });
    const m = await poll(() => itemMessages()[0], 'the prompt on the phone', LONG);
    expect(buttons(m)).toEqual([expect.stringMatching(/^Approve: Yes$/), 'Deny', 'Deny with a message…', 'Snooze 30m']);
    expect(m.text).toContain('claude · api-worker');
    const approve = m.keyboard!.flat().find((b) => b.text.startsWith('Approve'))!;
    // A stranger who got hold of the button's data: dropped, never answered (the update is still confirmed).
    tg.pressData(STRANGER, OWNER.id, m.message_id, approve.callback_data);
    tg.sendText(STRANGER, 'y');
    await poll(() => tg.pendingUpdates() === 0, 'the stranger updates confirmed', LONG);
    expect(tg.answers).toEqual([]);
    expect(tg.botMessages(STRANGER.id)).toEqual([]);
    expect(await prompt.keyNames()).toEqual([]);
    // The owner's press: one key, the toast, the message settled without buttons; a second press does nothing.
    tg.press(OWNER, OWNER.id, m.message_id, 'Approve');
    await poll(async () => (await prompt.keyNames()).length > 0, 'the key in the agent', LONG);
    expect(await prompt.keyNames()).toEqual(['1']);
    await poll(() => m.keyboard === null && /Approved from Telegram/.test(m.text), 'the message settled', LONG);
    expect(tg.answers.map((a) => a.text)).toEqual([expect.stringMatching(/Approved from Telegram/)]);
    tg.pressData(OWNER, OWNER.id, m.message_id, approve.callback_data);
    await poll(() => tg.answers.length === 2, 'the second press answered', LONG);
    expect(tg.answers[1]!.text).toBe('This was already answered.');
    expect(await prompt.keyNames()).toEqual(['1']);
  }, 90_000);

  it('types a threaded reply into an idle agent once, and answers a fresh y about nothing with a reply', async () => {
    const idle = await startScriptedAgent(tmux, claudeIdleWorking(), { session: 'idle-one' });
    const m = await poll(
      () => itemMessages().find((x) => /waits for input/.test(x.text) && x.text.includes('idle-one')),
      'the idle agent',
      LONG,
    );
    expect(buttons(m)).toEqual(['Snooze 30m']);
    tg.sendText(OWNER, 'run the tests', { replyTo: m.message_id });
    const typed = await poll(async () => ((await idle.submissions()).length > 0 ? idle.submissions() : null), 'the text typed', LONG);
    expect(typed.map((s) => s.text)).toEqual(['run the tests']);
    await poll(() => /Typed from Telegram/.test(m.text), 'the message settled', LONG);
    tg.sendText(OWNER, 'y');
    await poll(() => plainReplies().length > 0, 'a reply to the y', LONG);
    expect(plainReplies()).toEqual([expect.stringMatching(/^Not sent: /)]);
    expect(await prompt.keyNames()).toEqual(['1']);
  }, 90_000);

  it('never applies a late-delivered fresh y to a prompt whose message came after it', async () => {
    const repliesBefore = plainReplies().length;
    tg.holdUpdates();
    tg.sendText(OWNER, 'y');
    const later = await startScriptedAgent(tmux, claudePermBash(), { session: 'later-one' });
    const m = await poll(() => itemMessages().find((x) => x.text.includes('later-one') && x.keyboard !== null), 'the later prompt', LONG);
    tg.releaseUpdates();
    await poll(() => plainReplies().length > repliesBefore, 'a reply to the y', LONG);
    expect(plainReplies().at(-1)).toMatch(/^Not sent: .*came after your answer/);
    expect(await later.keyNames()).toEqual([]);
    expect(buttons(m)[0]).toMatch(/^Approve/);
  }, 90_000);

  it("doctor of the installed package names the pairing and counts the phone's rows, without the token", async () => {
    // Not spawnSync: the stand-in answering doctor's getMe runs in this process.
    const r = await execFileAsync(pkg.command, ['doctor', '--json', '--tmux-socket', join(pkg.work, 'tmux.sock')], {
      env: pkg.env(),
      cwd: pkg.work,
      encoding: 'utf8',
      timeout: 60_000,
    }).catch((e: { stdout: string }) => e);
    const report = JSON.parse(r.stdout) as { checks: { id: string; status: string; detail: string }[] };
    const phone = report.checks.find((c) => c.id === 'phone');
    expect(phone).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(
        /paired with Ada \(@ada\) \(id 4242\) through @trailboss_test_bot; \d+ messages? and \d+ button tokens? kept/,
      ),
    });
    expect(r.stdout).not.toContain(tg.token.split(':')[1]!);
    expect(daemonLog).not.toContain(tg.token.split(':')[1]!);
  }, 60_000);

  it('re-pairs with a new bot from the installed CLI on a real pipe, and the new bot is heard (its update ids are lower)', async () => {
    const fresh = await BotApiStandIn.start({ botId: 7000002, username: 'trailboss_new_bot' });
    try {
      const tokenFile = join(pkg.work, 'new-bot-token.txt');
      writeFileSync(tokenFile, `${fresh.token}\n`);
      const child = spawn(pkg.command, ['phone', 'pair', '--bot-token-file', tokenFile, '--api-base', fresh.apiBase, '--no-qr'], {
        env: pkg.env(),
        cwd: pkg.work,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
      const code = await poll(() => /\?start=([A-Za-z0-9_-]+)/.exec(out)?.[1], 'the link', LONG);
      fresh.sendText(OWNER, `/start ${code}`);
      await poll(() => out.includes('[y/N]'), 'the question', LONG);
      child.stdin.end('y\n');
      expect(await exited).toBe(0);
      expect(err).toBe('');
      expect(out).toContain('Paired with Ada (@ada).');
      expect(out).not.toContain(fresh.token.split(':')[1]!);
      // The running daemon moves to the new bot by itself and hears the owner there.
      await poll(
        () => fresh.callsOf('getUpdates').some((p) => JSON.stringify(p['allowed_updates']).includes('callback_query')),
        'the daemon polling the new bot',
        LONG,
      );
      fresh.sendText(OWNER, 'hello');
      await poll(() => fresh.botMessages(OWNER.id).some((m) => /To answer an agent/.test(m.text)), 'the new bot answering', LONG);
      // The new token never went to the old API base (which would refuse it, 401, and stop the channel).
      expect(daemonLog).not.toContain('phone.unauthorized');
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
