/**
 * Doctor check: the Slack channel. Optional: not paired is fine. Paired: both token files are there,
 * Slack takes the bot token (auth.test), and the engine's socket is connected (or when it last was).
 * A refused token is a problem with the one fix that helps: pair again with new tokens.
 */
import { loadConfig } from '../../../engine/config/index.ts';
import { BotApiError } from '../../../engine/phone/bot-api.ts';
import { silentLogger } from '../../../engine/platform/log.ts';
import { SLACK_API_BASE, SlackApi } from '../../../engine/slack/slack-api.ts';
import { redactedSlackError } from '../../../engine/slack/slack-redact.ts';
import { readSlackToken } from '../../../engine/slack/slack-token-files.ts';
import type { SlackPairing } from '../../../engine/store/index.ts';
import { openStore } from '../../../engine/store/index.ts';
import { advice, ok, problem, type DoctorCheck } from '../check.ts';

const PAIR = 'trailboss slack pair --bot-token-file FILE --app-token-file FILE';

function pairingOf(database: string, clock: Parameters<typeof openStore>[1]['clock']): SlackPairing | null {
  try {
    const store = openStore(database, { clock, logger: silentLogger, readonly: true, integrityCheck: false });
    try {
      return store.slack.pairing();
    } finally {
      store.close();
    }
  } catch {
    return null; // no database yet, or an older schema: nothing paired
  }
}

export const slackCheck: DoctorCheck = {
  id: 'slack',
  title: 'Slack',
  async run({ ctx, paths }) {
    const pairing = pairingOf(paths.database, ctx.clock);
    let bot: string | null;
    let app: string | null;
    try {
      bot = readSlackToken(paths.home, 'bot');
      app = readSlackToken(paths.home, 'app');
    } catch (error) {
      return problem(`a Slack token file cannot be read: ${redactedSlackError(error)}`, PAIR);
    }
    if (!pairing || pairing.channelId === null) return ok(`not paired (optional: answer from Slack with ${PAIR})`);
    if (bot === null || app === null) return problem(`paired, but the ${bot === null ? 'bot' : 'app-level'} token file is gone`, PAIR);
    if (pairing.lastError?.startsWith('unauthorized'))
      return problem(`Slack refused the app-level token: ${pairing.lastError}`, `make new tokens for the Slack app, then ${PAIR}`);
    const loaded = loadConfig(paths.config);
    const apiBase = loaded.ok ? loaded.config.phone.slack.apiBase : SLACK_API_BASE;
    try {
      await new SlackApi({ apiBase, token: bot, logger: silentLogger, requestTimeoutMs: 5_000 }).call('auth.test');
    } catch (error) {
      if (error instanceof BotApiError && error.failure === 'unauthorized')
        return problem('Slack refused the bot token (revoked, or the app uninstalled?)', `reinstall the Slack app, then ${PAIR}`);
      return advice(
        `cannot reach ${apiBase} now: ${redactedSlackError(error, bot, app)}`,
        'check the network; the engine retries by itself',
      );
    }
    const who = `paired with ${pairing.userName ?? 'a user'} (${pairing.userId}) through @${pairing.botName}`;
    if (pairing.connected) return ok(`${who}; the engine is connected`);
    if (pairing.lastConnectedAt === null) return advice(`${who}; not connected yet`, 'start the engine (trailboss daemon, or the app)');
    return advice(
      `${who}; not connected now (last connected ${new Date(pairing.lastConnectedAt).toISOString()}${pairing.lastError ? `; ${pairing.lastError}` : ''})`,
      'start the engine; it reconnects by itself',
    );
  },
};
