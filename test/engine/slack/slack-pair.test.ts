/**
 * `trailboss slack pair|status|test|unpair` in-process against the Slack stand-in, with a real
 * engine on the same home: the engine lets go of the app's socket while pairing (Slack spreads
 * envelopes over every connection) and connects by itself once paired. The installed package's
 * pairing through a real pipe and a real terminal is test/package/slack-pair.test.ts.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { slackTokenPath } from '../../../main/engine/slack/slack-token-files.ts';
import type { CliRun } from '../../support/cli-context.ts';
import { cli } from '../../support/cli-context.ts';
import { poll } from '../../support/poll.ts';
import type { SlackRig } from './support.ts';
import { startSlackRig } from './support.ts';

let rig: SlackRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

const home = (r: SlackRig) => join(r.h.home, 'tb');

function tokenFiles(r: SlackRig): string[] {
  const bot = join(r.h.home, 'bot.txt');
  const app = join(r.h.home, 'app.txt');
  writeFileSync(bot, `${r.slack.botToken}\n`);
  writeFileSync(app, `${r.slack.appToken}\n`);
  return ['--bot-token-file', bot, '--app-token-file', app];
}

/** `slack pair` with the rig's token files and the stand-in's API base, answering `stdin` at its question; once it printed the code. */
async function pairing(r: SlackRig, stdin: string): Promise<{ code: string; done: Promise<CliRun> }> {
  let out = '';
  const done = cli(['slack', 'pair', ...tokenFiles(r), '--api-base', r.slack.apiBase], {
    home: home(r),
    stdin,
    onStdout: (t) => (out = t),
  });
  const code = await poll(() => /DM @trailboss this code: ([A-Za-z0-9_-]+)/.exec(out)?.[1], 'the code');
  return { code, done };
}

/** Every file under `dir`, recursively, as text (the database included). */
function everyFile(dir: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const file = join(e.parentPath, e.name);
    out.push({ file, text: readFileSync(file, 'latin1') });
  }
  return out;
}

describe('trailboss slack pair', () => {
  it('pairs the user who DMs the code, after the desk says y; a running engine connects by itself', async () => {
    rig = await startSlackRig({ paired: false });
    const r = rig;
    const running = await pairing(r, 'y\n');
    r.slack.dm(r.stranger, 'wrong-code');
    r.slack.dm(r.owner, running.code);
    const done = await running.done;
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('Pair with Ada Lovelace (U0ADA)? [y/N]');
    expect(statSync(slackTokenPath(home(r), 'bot')).mode & 0o777).toBe(0o600);
    expect(statSync(slackTokenPath(home(r), 'app')).mode & 0o777).toBe(0o600);
    const status = await cli(['slack', 'status', '--json'], { home: home(r) });
    expect(JSON.parse(status.stdout)).toMatchObject({ paired: true, userId: 'U0ADA', channelId: r.dm });
    await poll(() => r.h.engine.slack.running, 'the engine channel running');
    await poll(
      async () => JSON.parse((await cli(['slack', 'status', '--json'], { home: home(r) })).stdout).connected === true,
      'connected',
    );
    // A second use of the same code pairs nobody: it was single use and is gone.
    expect(r.h.engine.store.slack.pairing().codeHash).toBeNull();
    const test = await cli(['slack', 'test'], { home: home(r) });
    expect(test.code).toBe(0);
    await poll(() => r.slack.botMessages(r.dm).some((m) => m.text.startsWith('Trail Boss test message')), 'the test message');
  });

  it('answering anything but y pairs nobody', async () => {
    rig = await startSlackRig({ paired: false });
    const r = rig;
    const running = await pairing(r, '\n');
    r.slack.dm(r.owner, running.code);
    const done = await running.done;
    expect(done.code).not.toBe(0);
    expect(done.stdout).toContain('Not paired.');
    expect(r.h.engine.store.slack.pairing().userId).toBeNull();
  });

  it('a refused bot token or a wrong-shaped file is a clear error that never quotes the token', async () => {
    rig = await startSlackRig({ paired: false });
    const r = rig;
    const [, bot, , app] = tokenFiles(r);
    r.slack.revoke();
    const refused = await cli(['slack', 'pair', '--bot-token-file', bot!, '--app-token-file', app!, '--api-base', r.slack.apiBase], {
      home: home(r),
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/Slack refused the token: auth\.test: invalid_auth/);
    writeFileSync(bot!, `${r.slack.appToken}\n`);
    const swapped = await cli(['slack', 'pair', '--bot-token-file', bot!, '--app-token-file', app!], { home: home(r) });
    expect(swapped.stderr).toMatch(/not a bot token/);
    for (const text of [refused.stdout, refused.stderr, swapped.stdout, swapped.stderr]) {
      expect(text).not.toContain(r.slack.botToken);
      expect(text).not.toContain(r.slack.appToken);
    }
  });

  it('keeps both tokens out of every file but their own, the database and the log', async () => {
    rig = await startSlackRig({ paired: false });
    const r = rig;
    const running = await pairing(r, 'y\n');
    r.slack.dm(r.owner, running.code);
    expect((await running.done).code).toBe(0);
    await poll(() => r.h.engine.store.slack.pairing().connected, 'the engine connected');
    await cli(['slack', 'status'], { home: home(r) });
    const mine = new Set([slackTokenPath(home(r), 'bot'), slackTokenPath(home(r), 'app')]);
    for (const { file, text } of everyFile(home(r))) {
      if (mine.has(file)) continue;
      expect(text, file).not.toContain(r.slack.botToken);
      expect(text, file).not.toContain(r.slack.appToken);
    }
    const db = new Database(r.h.engine.store.file, { readonly: true });
    try {
      for (const { name } of db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all())
        expect(JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all()), name).not.toMatch(/xox[bp]-|xapp-/);
    } finally {
      db.close();
    }
    // The engine's log, after a drop and a refused call too (errors are where tokens leak).
    r.slack.dropSockets();
    await poll(() => r.slack.connections >= 3, 'reconnected after the drop', { timeoutMs: 20_000 });
    const log = JSON.stringify(r.h.logger.entries);
    expect(log).toContain('slack.connected');
    expect(log).not.toMatch(/xox[bp]-|xapp-/);
    const unpaired = await cli(['slack', 'unpair'], { home: home(r) });
    expect(unpaired.code).toBe(0);
    await poll(() => !r.h.engine.slack.running, 'the engine channel stopped');
    expect(JSON.parse((await cli(['slack', 'status', '--json'], { home: home(r) })).stdout)).toMatchObject({
      paired: false,
      connected: false,
    });
  });
});
