/**
 * `trailboss phone pair|status|test|unpair` against the stand-in Bot API (Telegram cannot be reached
 * from here), with a real engine running on the same home: the engine leaves the bot to the pairing
 * and starts the channel by itself once it is paired.
 */
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { botTokenPath } from '../../../main/engine/phone/bot-token-file.ts';
import { cli } from '../../support/cli-context.ts';
import { poll } from '../../support/poll.ts';
import type { PhoneRig } from './support.ts';
import { OWNER, STRANGER, startPhoneRig } from './support.ts';

let rig: PhoneRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

function tokenFile(r: PhoneRig): string {
  const file = join(r.h.home, 'bot-token.txt');
  writeFileSync(file, `${r.tg.token}\n`);
  return file;
}

const home = (r: PhoneRig) => join(r.h.home, 'tb');

describe('trailboss phone pair', () => {
  it('pairs the private chat that taps Start with the code, after the desk says y; a running engine picks it up', async () => {
    rig = await startPhoneRig({ paired: false });
    const r = rig;
    let out = '';
    const running = cli(['phone', 'pair', '--bot-token-file', tokenFile(r), '--api-base', r.tg.apiBase], {
      home: home(r),
      stdin: 'y\n',
      onStdout: (t) => (out = t),
    });
    const code = await poll(() => /\?start=([A-Za-z0-9_-]+)/.exec(out)?.[1], 'the link');
    r.tg.sendText(STRANGER, `/start wrong-code`);
    r.tg.sendText(OWNER, `/start ${code}`);
    const done = await running;
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/^Open https:\/\/t\.me\/trailboss_test_bot\?start=[A-Za-z0-9_-]{16}$/m);
    expect(done.stdout).toContain('Pair with Ada (@ada) (id 4242)? [y/N]');
    expect(done.stdout).toMatch(/[▀▄█]/); // the QR code, drawn by the qrcode library
    expect(done.stdout).not.toContain(r.tg.token);
    expect(statSync(botTokenPath(home(r))).mode & 0o777).toBe(0o600);
    const status = await cli(['phone', 'status', '--json'], { home: home(r) });
    expect(JSON.parse(status.stdout)).toMatchObject({ paired: true, chatId: OWNER.id, apiBase: r.tg.apiBase });
    // The running engine starts polling for the new pairing without a restart.
    await poll(() => r.h.engine.phone.running, 'the engine channel running');
    await poll(
      async () => JSON.parse((await cli(['phone', 'status', '--json'], { home: home(r) })).stdout).lastPollAt !== null,
      'a poll recorded',
    );
  });

  it('an open settings view hears a pairing the CLI made, and its undoing, within seconds', async () => {
    rig = await startPhoneRig({ paired: false });
    const r = rig;
    const told: boolean[] = [];
    r.h.engine.on('settings:changed', (s) => told.push(s.phone.paired));
    let out = '';
    const running = cli(['phone', 'pair', '--bot-token-file', tokenFile(r), '--no-qr'], {
      home: home(r),
      stdin: 'y\n',
      onStdout: (t) => (out = t),
    });
    const code = await poll(() => /\?start=([A-Za-z0-9_-]+)/.exec(out)?.[1], 'the link');
    r.tg.sendText(OWNER, `/start ${code}`);
    expect((await running).code).toBe(0);
    // The CLI wrote the pairing from its own process; nothing told the engine but its own look.
    await poll(() => told.at(-1) === true, 'the view told of the pairing');
    expect((await cli(['phone', 'unpair'], { home: home(r) })).code).toBe(0);
    await poll(() => told.at(-1) === false, 'the view told of the unpairing');
    expect(told).toEqual([true, false]);
  });

  it('pairs nothing when the desk does not say y', async () => {
    rig = await startPhoneRig({ paired: false });
    const r = rig;
    let out = '';
    const running = cli(['phone', 'pair', '--bot-token-file', tokenFile(r), '--api-base', r.tg.apiBase, '--no-qr'], {
      home: home(r),
      stdin: '\n',
      onStdout: (t) => (out = t),
    });
    const code = await poll(() => /\?start=([A-Za-z0-9_-]+)/.exec(out)?.[1], 'the link');
    r.tg.sendText(OWNER, `/start ${code}`);
    const done = await running;
    expect(done.code).toBe(1);
    expect(JSON.parse((await cli(['phone', 'status', '--json'], { home: home(r) })).stdout)).toMatchObject({ paired: false, chatId: null });
  });

  it('refuses a token Telegram does not know, without printing it', async () => {
    rig = await startPhoneRig({ paired: false });
    const file = join(rig.h.home, 'wrong.txt');
    const wrong = `1234567:${'B'.repeat(35)}`;
    writeFileSync(file, wrong);
    const done = await cli(['phone', 'pair', '--bot-token-file', file, '--api-base', rig.tg.apiBase], { home: home(rig) });
    expect(done.code).toBe(1);
    expect(done.stderr).toContain('Telegram refused this bot token');
    expect(done.stderr + done.stdout).not.toContain(wrong);
  });

  it('test sends a message to the paired chat; unpair forgets the chat and the token', async () => {
    rig = await startPhoneRig();
    const r = rig;
    const sent = await cli(['phone', 'test'], { home: home(r) });
    expect(sent.code).toBe(0);
    expect(r.tg.botMessages(OWNER.id).map((m) => m.text)).toEqual([expect.stringContaining('Trail Boss test message')]);
    expect((await cli(['phone', 'unpair'], { home: home(r) })).code).toBe(0);
    expect(JSON.parse((await cli(['phone', 'status', '--json'], { home: home(r) })).stdout)).toMatchObject({ paired: false });
    await poll(() => !r.h.engine.phone.running, 'the engine channel stopped');
  });
});
