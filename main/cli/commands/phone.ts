/**
 * `trailboss phone pair --bot-token-file PATH [--api-base URL] [--no-qr]`, `phone status [--json]`,
 * `phone unpair`, `phone test`: answering from Telegram. Pairing checks the token (getMe), shows a
 * one-time link (and its QR code), waits for `/start <code>` from a private chat and asks the desk to
 * confirm who it is. A running engine leaves the bot to this command meanwhile (one poller per
 * token) and picks the pairing up by itself. The token is saved owner-only, never printed.
 */
import QRCode from 'qrcode';
import { loadConfig } from '../../engine/config/index.ts';
import { BotApi } from '../../engine/phone/bot-api.ts';
import { botTokenPath, checkBotToken, readBotToken } from '../../engine/phone/bot-token-file.ts';
import { newPairingCode, PAIRING_CODE_MS, pairingLink, waitForStart } from '../../engine/phone/pairing.ts';
import { botUsername, explainBotFailure, forgetPairing, isApiBase, savePairing, withApiBase } from '../../engine/phone/pairing-steps.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { parseCommandLine, read, UsageError } from '../program.ts';
import { readTokenFile, runChatCommand } from './chat-commands.ts';
import { rawConfig, save } from './hosts.ts';
import { pathsOf, withStore } from './local-store.ts';

/** Entry point. */
export async function phoneCommand(ctx: CliContext): Promise<number> {
  return runChatCommand(ctx, 'phone', { pair, status, unpair, test });
}

function apiBaseOf(ctx: CliContext): string {
  const loaded = loadConfig(pathsOf(ctx).config);
  return loaded.ok ? loaded.config.phone.telegram.apiBase : 'https://api.telegram.org';
}

async function pair(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const args = parseCommandLine('phone pair', argv);
  const file = read.string(args, 'botTokenFile');
  if (!file) throw new UsageError('--bot-token-file PATH is required (a file holding the token @BotFather gave you)');
  const token = readTokenFile(ctx, 'phone pair', file, checkBotToken, (error) => String(error));
  if (token === null) return EXIT.refused;
  const apiBase = read.string(args, 'apiBase') ?? apiBaseOf(ctx);
  if (!isApiBase(apiBase)) throw new UsageError('--api-base must be an http(s) URL');
  const bot = new BotApi({ apiBase, token });
  let username: string;
  try {
    username = await botUsername(bot);
  } catch (error) {
    ctx.stderr(`trailboss phone pair: ${explainBotFailure(error, token)}\n`);
    return EXIT.refused;
  }
  const { code, hash } = newPairingCode();
  const expiresAt = ctx.clock.now() + PAIRING_CODE_MS;
  withStore(ctx, (s) => s.phone.beginPairing(hash, expiresAt));
  try {
    const link = pairingLink(username, code);
    ctx.stdout(`Bot @${username} is ready. On your phone, open the link (or scan the code) and tap Start:\n`);
    ctx.stdout(`Open ${link}\n`);
    if (args.opts['qr'] !== false) ctx.stdout(await QRCode.toString(link, { type: 'terminal', small: true }));
    ctx.stdout('Waiting for Start (10 minutes)…\n');
    const found = await waitForStart(bot, hash, { deadline: expiresAt, signal: ctx.stopSignal, now: () => ctx.clock.now() });
    if (!found) {
      ctx.stderr(
        ctx.stopSignal.aborted
          ? 'trailboss phone pair: stopped; nothing was paired\n'
          : 'trailboss phone pair: nobody tapped Start in time; nothing was paired\n',
      );
      return EXIT.refused;
    }
    ctx.stdout(`Telegram says: ${found.name} (id ${found.userId})\n`);
    ctx.stdout(`Pair with ${found.name} (id ${found.userId})? [y/N] `);
    const answer = ((await untilStopped((ctx.stdinLine ?? ctx.stdin)(), ctx.stopSignal)) ?? '').split('\n')[0]!.trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') {
      ctx.stdout('Not paired.\n');
      return EXIT.refused;
    }
    if (read.string(args, 'apiBase') !== undefined) {
      const file = pathsOf(ctx).config;
      if (!save(ctx, file, withApiBase(rawConfig(file), apiBase))) return EXIT.refused;
    }
    withStore(ctx, (s) => savePairing(s, botTokenPath(pathsOf(ctx).home), token, found, username, ctx.clock.now()));
    ctx.stdout(`Paired with ${found.name}. Waiting agents will be sent to this chat; a running engine starts at once.\n`);
    return EXIT.ok;
  } finally {
    withStore(ctx, (s) => s.phone.endPairing());
  }
}

/**
 * `answer`, or null as soon as the command is asked to stop (Ctrl-C at the question): the pairing is
 * then ended in its `finally`, where a second Ctrl-C, which ends the process at once, would skip it
 * and leave a running engine off the bot until the code expires.
 */
function untilStopped<T>(answer: Promise<T>, stop: AbortSignal): Promise<T | null> {
  if (stop.aborted) return Promise.resolve(null);
  return new Promise((resolve) => {
    const onStop = () => resolve(null);
    stop.addEventListener('abort', onStop, { once: true });
    void answer.then((value) => {
      stop.removeEventListener('abort', onStop);
      resolve(value);
    });
  });
}

function status(ctx: CliContext, argv: readonly string[]): number {
  const args = parseCommandLine('phone status', argv);
  const p = withStore(ctx, (s) => s.phone.pairing());
  let tokenSaved: boolean;
  try {
    tokenSaved = readBotToken(botTokenPath(pathsOf(ctx).home)) !== null;
  } catch {
    tokenSaved = false;
  }
  const paired = p.chatId !== null && tokenSaved;
  const dto = {
    paired,
    chatId: p.chatId,
    userId: p.userId,
    name: p.userName,
    bot: p.botUsername,
    apiBase: apiBaseOf(ctx),
    lastPollAt: p.lastPollAt,
    lastError: p.lastError,
  };
  if (read.bool(args, 'json')) {
    ctx.stdout(`${JSON.stringify(dto, null, 2)}\n`);
    return EXIT.ok;
  }
  if (!paired) {
    ctx.stdout('Not paired. Pair with: trailboss phone pair --bot-token-file FILE\n');
    return EXIT.ok;
  }
  const last = p.lastPollAt === null ? 'never yet' : new Date(p.lastPollAt).toISOString();
  ctx.stdout(`Paired with ${p.userName} (id ${p.userId}) through @${p.botUsername}\nLast poll: ${last}\n`);
  if (p.lastError) ctx.stdout(`Last error: ${p.lastError}\n`);
  return EXIT.ok;
}

function unpair(ctx: CliContext, argv: readonly string[]): number {
  parseCommandLine('phone unpair', argv);
  withStore(ctx, (s) => forgetPairing(s, botTokenPath(pathsOf(ctx).home)));
  ctx.stdout('Unpaired; the bot token was removed. A running engine stops sending at once.\n');
  return EXIT.ok;
}

async function test(ctx: CliContext, argv: readonly string[]): Promise<number> {
  parseCommandLine('phone test', argv);
  const p = withStore(ctx, (s) => s.phone.pairing());
  const token = readBotToken(botTokenPath(pathsOf(ctx).home));
  if (p.chatId === null || token === null) {
    ctx.stderr('trailboss phone test: not paired (trailboss phone pair --bot-token-file FILE)\n');
    return EXIT.refused;
  }
  try {
    await new BotApi({ apiBase: apiBaseOf(ctx), token }).call('sendMessage', {
      chat_id: p.chatId,
      text: `Trail Boss test message, ${new Date(ctx.clock.now()).toISOString()}: this chat will get the agents that wait.`,
    });
  } catch (error) {
    ctx.stderr(`trailboss phone test: ${explainBotFailure(error, token)}\n`);
    return EXIT.refused;
  }
  ctx.stdout(`Sent a test message to ${p.userName}.\n`);
  return EXIT.ok;
}
