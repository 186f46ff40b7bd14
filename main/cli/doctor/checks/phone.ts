/**
 * Doctor check: the phone channel (Telegram). Optional: not paired is fine. Paired: the bot token is
 * there and Telegram takes it (getMe), and the engine's last successful poll. A revoked token (401)
 * is a problem with the one fix that helps: pair again. A poll offset saved for another bot than the
 * token's is a problem too: Telegram drops every update below it, and the new bot's ids are lower. A
 * last poll that failed or skipped updates is advice; the messages and button tokens kept are counted.
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

/** The pairing row, and how many messages and button tokens the phone keeps (pruned with the resolved items). */
interface PhoneRows {
  readonly pairing: PhonePairing;
  readonly messages: number;
  readonly tokens: number;
}

function pairingOf(database: string, clock: Parameters<typeof openStore>[1]['clock']): PhoneRows | null {
  try {
    const store = openStore(database, { clock, logger: silentLogger, readonly: true, integrityCheck: false });
    try {
      const rows = store.retention.rowCounts();
      return { pairing: store.phone.pairing(), messages: rows['phone_messages'] ?? 0, tokens: rows['phone_tokens'] ?? 0 };
    } finally {
      store.close();
    }
  } catch {
    return null; // no database yet, or an older schema: nothing paired
  }
}

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

export const phoneCheck: DoctorCheck = {
  id: 'phone',
  title: 'phone (Telegram)',
  async run({ ctx, paths }) {
    const rows = pairingOf(paths.database, ctx.clock);
    let token: string | null;
    try {
      token = readBotToken(botTokenPath(paths.home));
    } catch (error) {
      return problem(`the bot token file cannot be read: ${redactedError(error)}`, PAIR);
    }
    if (!rows || rows.pairing.chatId === null) return ok(`not paired (optional: answer from your phone with ${PAIR})`);
    const { pairing } = rows;
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
    const kept = `${plural(rows.messages, 'message')} and ${plural(rows.tokens, 'button token')} kept (pruned with the resolved items)`;
    const who = `paired with ${pairing.userName ?? 'a chat'} (id ${pairing.userId}) through @${pairing.botUsername}; ${kept}`;
    if (pairing.lastPollAt === null) return advice(`${who}; no successful poll yet`, 'start the engine (trailboss daemon, or the app)');
    // The engine's last poll failed, or skipped updates it could not use: say so (it retries by itself).
    if (pairing.lastError !== null)
      return advice(
        `${who}; the last poll: ${pairing.lastError}`,
        'the engine retries by itself; if this stays, check the API base and the network',
      );
    return ok(`${who}; last successful poll ${new Date(pairing.lastPollAt).toISOString()}`);
  },
};
