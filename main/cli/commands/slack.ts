/**
 * `trailboss slack pair --bot-token-file F --app-token-file G [--api-base URL]`, `slack status
 * [--json]`, `slack test`, `slack unpair`: answering from Slack. Pairing checks the bot token
 * (auth.test) and the app token (it opens the Socket Mode connection), shows a one-time code to DM to
 * the bot, waits for that DM and asks the desk to confirm who sent it. A running engine leaves the
 * app's socket to this command meanwhile (Slack spreads events over every connection) and picks the
 * pairing up by itself. The tokens are saved owner-only, never printed.
 */
import { loadConfig } from '../../engine/config/index.ts';
import { newPairingCode, PAIRING_CODE_MS } from '../../engine/phone/pairing.ts';
import { isApiBase } from '../../engine/phone/pairing-steps.ts';
import { silentLogger } from '../../engine/platform/log.ts';
import { SLACK_API_BASE, SlackApi } from '../../engine/slack/slack-api.ts';
import { PairingListener, slackBotIdentity, slackRealName } from '../../engine/slack/slack-pairing.ts';
import {
  explainSlackFailure as explain,
  forgetSlackPairing,
  PAIRED_HELLO,
  saveSlackPairing,
  savedSlackTokens,
  SLACK_CONNECT_MS as CONNECT_MS,
  slackStatusDto,
  slackTestText,
  withSlackApiBase,
} from '../../engine/slack/slack-pairing-steps.ts';
import type { SlackTokenKind } from '../../engine/slack/slack-token-files.ts';
import { checkSlackToken } from '../../engine/slack/slack-token-files.ts';
import { cleanExternalText } from '../../engine/text/clean-text.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { parseCommandLine, read, UsageError } from '../program.ts';
import { readTokenFile, runChatCommand } from './chat-commands.ts';
import { rawConfig, save } from './hosts.ts';
import { pathsOf, withStore } from './local-store.ts';

const PAIR = 'trailboss slack pair --bot-token-file FILE --app-token-file FILE';

/** Entry point. */
export async function slackCommand(ctx: CliContext): Promise<number> {
  return runChatCommand(ctx, 'slack', { pair, status, unpair, test });
}

function apiBaseOf(ctx: CliContext): string {
  const loaded = loadConfig(pathsOf(ctx).config);
  return loaded.ok ? loaded.config.phone.slack.apiBase : SLACK_API_BASE;
}

function readToken(ctx: CliContext, kind: SlackTokenKind, file: string | undefined): string | null {
  const flag = kind === 'bot' ? '--bot-token-file' : '--app-token-file';
  if (!file)
    throw new UsageError(
      `${flag} PATH is required (a file holding the ${kind === 'bot' ? 'bot token, xoxb-…' : 'app-level token, xapp-…'})`,
    );
  return readTokenFile(
    ctx,
    'slack pair',
    file,
    (text) => checkSlackToken(kind, text),
    () => 'unreadable',
  );
}

async function pair(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const args = parseCommandLine('slack pair', argv);
  const bot = readToken(ctx, 'bot', read.string(args, 'botTokenFile'));
  const app = bot === null ? null : readToken(ctx, 'app', read.string(args, 'appTokenFile'));
  if (bot === null || app === null) return EXIT.refused;
  const given = read.string(args, 'apiBase');
  const apiBase = given ?? apiBaseOf(ctx);
  if (!isApiBase(apiBase)) throw new UsageError('--api-base must be an http(s) URL');
  const web = new SlackApi({ apiBase, token: bot, logger: silentLogger });
  let me: Awaited<ReturnType<typeof slackBotIdentity>>;
  try {
    me = await slackBotIdentity(web);
  } catch (error) {
    ctx.stderr(`trailboss slack pair: the bot token: ${explain(error, [bot, app])}\n`);
    return EXIT.refused;
  }
  const { code, hash } = newPairingCode();
  const expiresAt = ctx.clock.now() + PAIRING_CODE_MS;
  withStore(ctx, (s) => s.slack.beginPairing(hash, expiresAt));
  const listener = new PairingListener({ apiBase, appToken: app, logger: silentLogger, botUserId: me.botUserId });
  try {
    const connected = await Promise.race([
      listener.connected.then(() => null),
      new Promise<string>((done) =>
        setTimeout(done, CONNECT_MS, 'no Socket Mode connection in 30 s (is Socket Mode on for the app?)').unref(),
      ),
    ]).catch((error: unknown) => explain(error, [bot, app]));
    if (connected !== null) {
      ctx.stderr(`trailboss slack pair: the app-level token: ${connected}\n`);
      return EXIT.refused;
    }
    const botName = cleanExternalText(me.botName);
    ctx.stdout(`Connected to Slack as @${botName}.\n`);
    ctx.stdout(`DM @${botName} this code: ${code}\n`);
    ctx.stdout('Waiting for it (10 minutes)…\n');
    const found = await listener.waitForCode(hash, expiresAt, () => ctx.clock.now(), ctx.stopSignal);
    if (!found) {
      ctx.stderr('trailboss slack pair: the code did not arrive in time; nothing was paired\n');
      return EXIT.refused;
    }
    const name = cleanExternalText((await slackRealName(web, found.userId)) ?? found.userId).slice(0, 100);
    const id = cleanExternalText(found.userId);
    ctx.stdout(`Slack says: ${name} (${id})\n`);
    ctx.stdout(`Pair with ${name} (${id})? [y/N] `);
    const answer = ((await (ctx.stdinLine ?? ctx.stdin)()) ?? '').split('\n')[0]!.trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') {
      ctx.stdout('Not paired.\n');
      return EXIT.refused;
    }
    if (given !== undefined) {
      const file = pathsOf(ctx).config;
      if (!save(ctx, file, withSlackApiBase(rawConfig(file), apiBase))) return EXIT.refused;
    }
    withStore(ctx, (s) => saveSlackPairing(s, pathsOf(ctx).home, { bot, app }, { ...me, botName }, { ...found, name }, ctx.clock.now()));
    await web.call('chat.postMessage', { channel: found.channelId, text: PAIRED_HELLO }).catch(() => undefined);
    ctx.stdout(`Paired with ${name}. Waiting agents will be sent to this DM; a running engine starts at once.\n`);
    return EXIT.ok;
  } finally {
    await listener.stop();
    withStore(ctx, (s) => s.slack.endPairing());
  }
}

function tokens(ctx: CliContext): { bot: string; app: string } | null {
  return savedSlackTokens(pathsOf(ctx).home);
}

function status(ctx: CliContext, argv: readonly string[]): number {
  const args = parseCommandLine('slack status', argv);
  const p = withStore(ctx, (s) => s.slack.pairing());
  const { paired, connected } = withStore(ctx, (s) => slackStatusDto(s, pathsOf(ctx).home));
  const dto = {
    paired,
    userId: p.userId,
    channelId: p.channelId,
    connected,
    name: p.userName,
    bot: p.botName,
    apiBase: apiBaseOf(ctx),
    lastConnectedAt: p.lastConnectedAt,
    lastError: p.lastError,
  };
  if (read.bool(args, 'json')) {
    ctx.stdout(`${JSON.stringify(dto, null, 2)}\n`);
    return EXIT.ok;
  }
  if (!paired) {
    ctx.stdout(`Not paired. Pair with: ${PAIR}\n`);
    return EXIT.ok;
  }
  const last = p.lastConnectedAt === null ? 'never yet' : new Date(p.lastConnectedAt).toISOString();
  ctx.stdout(`Paired with ${p.userName} (${p.userId}) through @${p.botName}\n`);
  ctx.stdout(`${dto.connected ? 'Connected' : 'Not connected'} (last connected: ${last})\n`);
  if (p.lastError) ctx.stdout(`Last error: ${p.lastError}\n`);
  return EXIT.ok;
}

function unpair(ctx: CliContext, argv: readonly string[]): number {
  parseCommandLine('slack unpair', argv);
  withStore(ctx, (s) => forgetSlackPairing(s, pathsOf(ctx).home));
  ctx.stdout('Unpaired; both Slack tokens were removed. A running engine disconnects at once.\n');
  return EXIT.ok;
}

async function test(ctx: CliContext, argv: readonly string[]): Promise<number> {
  parseCommandLine('slack test', argv);
  const p = withStore(ctx, (s) => s.slack.pairing());
  const t = tokens(ctx);
  if (p.channelId === null || t === null) {
    ctx.stderr(`trailboss slack test: not paired (${PAIR})\n`);
    return EXIT.refused;
  }
  try {
    await new SlackApi({ apiBase: apiBaseOf(ctx), token: t.bot, logger: silentLogger }).call('chat.postMessage', {
      channel: p.channelId,
      text: slackTestText(ctx.clock.now()),
    });
  } catch (error) {
    ctx.stderr(`trailboss slack test: ${explain(error, [t.bot, t.app])}\n`);
    return EXIT.refused;
  }
  ctx.stdout(`Sent a test message to ${p.userName}.\n`);
  return EXIT.ok;
}
