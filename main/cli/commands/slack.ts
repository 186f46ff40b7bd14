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
import { BotApiError } from '../../engine/phone/bot-api.ts';
import { silentLogger } from '../../engine/platform/log.ts';
import { SLACK_API_BASE, SlackApi } from '../../engine/slack/slack-api.ts';
import { PairingListener, slackBotIdentity, slackRealName } from '../../engine/slack/slack-pairing.ts';
import { redactedSlackError } from '../../engine/slack/slack-redact.ts';
import type { SlackTokenKind } from '../../engine/slack/slack-token-files.ts';
import { checkSlackToken, readSlackToken, removeSlackTokens, saveSlackTokens } from '../../engine/slack/slack-token-files.ts';
import { cleanExternalText } from '../../engine/text/clean-text.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { parseCommandLine, read, UsageError } from '../program.ts';
import { readTokenFile, runChatCommand } from './chat-commands.ts';
import { rawConfig, save } from './hosts.ts';
import { pathsOf, withStore } from './local-store.ts';

const PAIR = 'trailboss slack pair --bot-token-file FILE --app-token-file FILE';
/** How long the Socket Mode connection may take to say hello before pairing gives up. */
const CONNECT_MS = 30_000;

/** Entry point. */
export async function slackCommand(ctx: CliContext): Promise<number> {
  return runChatCommand(ctx, 'slack', { pair, status, unpair, test });
}

function apiBaseOf(ctx: CliContext): string {
  const loaded = loadConfig(pathsOf(ctx).config);
  return loaded.ok ? loaded.config.phone.slack.apiBase : SLACK_API_BASE;
}

/** A Slack failure as one sentence for the user (never a token). */
function explain(error: unknown, tokens: readonly string[]): string {
  if (error instanceof BotApiError && error.failure === 'unauthorized')
    return `Slack refused the token: ${redactedSlackError(error, ...tokens)}`;
  if (error instanceof BotApiError && (error.failure === 'network' || error.failure === 'timeout'))
    return `cannot reach the Slack API (${redactedSlackError(error, ...tokens)}); check the network or the API base`;
  return redactedSlackError(error, ...tokens);
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
    saveSlackTokens(pathsOf(ctx).home, { bot, app });
    withStore(ctx, (s) =>
      s.slack.pair({
        teamId: me.teamId,
        userId: found.userId,
        userName: name,
        channelId: found.channelId,
        botUserId: me.botUserId,
        botName,
        at: ctx.clock.now(),
      }),
    );
    await web
      .call('chat.postMessage', { channel: found.channelId, text: 'Paired with Trail Boss: agents that wait will be sent here.' })
      .catch(() => undefined);
    ctx.stdout(`Paired with ${name}. Waiting agents will be sent to this DM; a running engine starts at once.\n`);
    return EXIT.ok;
  } finally {
    await listener.stop();
    withStore(ctx, (s) => s.slack.endPairing());
  }
}

/** A raw config object with `phone.slack.apiBase` set (every other key kept). */
function withSlackApiBase(config: Record<string, unknown>, apiBase: string): Record<string, unknown> {
  const phone = (config['phone'] as Record<string, unknown> | undefined) ?? {};
  const slack = (phone['slack'] as Record<string, unknown> | undefined) ?? {};
  return { ...config, phone: { ...phone, slack: { ...slack, apiBase } } };
}

function tokens(ctx: CliContext): { bot: string; app: string } | null {
  try {
    const home = pathsOf(ctx).home;
    const bot = readSlackToken(home, 'bot');
    const app = readSlackToken(home, 'app');
    return bot !== null && app !== null ? { bot, app } : null;
  } catch {
    return null;
  }
}

function status(ctx: CliContext, argv: readonly string[]): number {
  const args = parseCommandLine('slack status', argv);
  const p = withStore(ctx, (s) => s.slack.pairing());
  const paired = p.channelId !== null && tokens(ctx) !== null;
  const dto = {
    paired,
    userId: p.userId,
    channelId: p.channelId,
    connected: paired && p.connected,
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
  withStore(ctx, (s) => s.slack.unpair());
  removeSlackTokens(pathsOf(ctx).home);
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
      text: `Trail Boss test message, ${new Date(ctx.clock.now()).toISOString()}: this DM will get the agents that wait.`,
    });
  } catch (error) {
    ctx.stderr(`trailboss slack test: ${explain(error, [t.bot, t.app])}\n`);
    return EXIT.refused;
  }
  ctx.stdout(`Sent a test message to ${p.userName}.\n`);
  return EXIT.ok;
}
