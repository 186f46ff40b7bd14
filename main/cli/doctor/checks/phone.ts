/**
 * Doctor check: the phone channel (Telegram). Optional: not paired is fine. Paired: the bot token is
 * there and Telegram takes it (getMe), and the engine's last successful poll. A revoked token (401)
 * is a problem with the one fix that helps: pair again. A poll offset saved for another bot than the
 * token's is a problem too: Telegram drops every update below it, and the new bot's ids are lower.
 */
import { BotApi, BotApiError } from '../../../engine/phone/bot-api.ts';
import { botIdOf, botTokenPath, readBotToken } from '../../../engine/phone/bot-token-file.ts';
import { redactedError } from '../../../engine/phone/redact.ts';
import { loadConfig } from '../../../engine/config/index.ts';
import { silentLogger } from '../../../engine/platform/log.ts';
import type { PhonePairing } from '../../../engine/store/index.ts';
import { openStore } from '../../../engine/store/index.ts';
import { advice, ok, problem, type DoctorCheck } from '../check.ts';

const PAIR = 'trailboss phone pair --bot-token-file FILE';

function pairingOf(database: string, clock: Parameters<typeof openStore>[1]['clock']): PhonePairing | null {
  try {
    const store = openStore(database, { clock, logger: silentLogger, readonly: true, integrityCheck: false });
    try {
      return store.phone.pairing();
    } finally {
      store.close();
    }
  } catch {
    return null; // no database yet, or an older schema: nothing paired
  }
}

export const phoneCheck: DoctorCheck = {
  id: 'phone',
  title: 'phone (Telegram)',
  async run({ ctx, paths }) {
    const pairing = pairingOf(paths.database, ctx.clock);
    let token: string | null;
    try {
      token = readBotToken(botTokenPath(paths.home));
    } catch (error) {
      return problem(`the bot token file cannot be read: ${redactedError(error)}`, PAIR);
    }
    if (!pairing || pairing.chatId === null) return ok(`not paired (optional: answer from your phone with ${PAIR})`);
    if (token === null) return problem('paired, but the bot token file is gone', PAIR);
    if (pairing.lastError?.startsWith('unauthorized'))
      return problem(`Telegram refused the bot token: ${pairing.lastError}`, `make a new token with @BotFather, then ${PAIR}`);
    const botId = botIdOf(token);
    if (pairing.offsetBotId !== null && pairing.offsetBotId !== botId)
      return problem(
        `updates are being dropped: the saved poll position (${pairing.offset}) belongs to bot ${pairing.offsetBotId}, the token to bot ${botId}`,
        'restart the engine (trailboss daemon, or the app): it starts the new bot from its first update',
      );
    const loaded = loadConfig(paths.config);
    const apiBase = loaded.ok ? loaded.config.phone.telegram.apiBase : 'https://api.telegram.org';
    try {
      await new BotApi({ apiBase, token, requestTimeoutMs: 5_000 }).call('getMe');
    } catch (error) {
      if (error instanceof BotApiError && error.failure === 'unauthorized')
        return problem('Telegram refused the bot token (revoked?)', `make a new token with @BotFather, then ${PAIR}`);
      return advice(`cannot reach ${apiBase} now: ${redactedError(error, token)}`, 'check the network; the engine retries by itself');
    }
    const who = `paired with ${pairing.userName ?? 'a chat'} (id ${pairing.userId}) through @${pairing.botUsername}`;
    if (pairing.lastPollAt === null) return advice(`${who}; no successful poll yet`, 'start the engine (trailboss daemon, or the app)');
    return ok(`${who}; last successful poll ${new Date(pairing.lastPollAt).toISOString()}`);
  },
};
