/**
 * A stand-in for the Telegram Bot API on loopback (node:http). Telegram's servers cannot be reached
 * from our machines, so this is the one mock the phone channel's tests use; it is faithful where the
 * engine depends on it. Each rule below names the documented behaviour it reproduces:
 *
 * - Requests: `POST <base>/bot<token>/<method>` with a JSON body; every answer is
 *   `{ ok, result }` or `{ ok: false, error_code, description, parameters? }`
 *   (https://core.telegram.org/bots/api#making-requests).
 * - A wrong or revoked token answers 401 "Unauthorized" (#making-requests; revocation: BotFather /revoke).
 * - getUpdates: updates with `update_id` < `offset` are confirmed and never returned again; until then
 *   they are redelivered on every call (at-least-once). `timeout` > 0 is a real long poll: the call
 *   waits up to that many seconds and returns as soon as an update arrives (#getupdates).
 * - A second concurrent getUpdates ends the earlier one with 409 "Conflict: terminated by other
 *   getUpdates request" (#getupdates: one poller per token); getUpdates while a webhook is set answers
 *   409 too, until deleteWebhook (#getupdates, #deletewebhook).
 * - sendMessage: text 1–4096 characters after entity parsing; HTML parse mode accepts only the
 *   documented tags (#sendmessage, #html-style); inline buttons need `callback_data` of 1–64 bytes
 *   (#inlinekeyboardbutton); a bot cannot message a user who never wrote to it: 403 (#sendmessage,
 *   "bot can't initiate conversation with a user").
 * - editMessageText / editMessageReplyMarkup: an edit that changes nothing answers 400 "message is not
 *   modified" (#updating-messages); omitting reply_markup removes the keyboard.
 * - answerCallbackQuery: text 0–200 characters; a query is answered once (#answercallbackquery).
 * - 429 "Too Many Requests: retry after N" carries `parameters.retry_after` (#responseparameters,
 *   https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this).
 *
 * - Message ids in a chat only grow, in the order the server stored the messages, the user's and the
 *   bot's alike (#message: "unique message identifier inside this chat"): a user's message with a
 *   lower id than the bot's was sent before the bot's existed.
 * - `update_id`s are positive and sequential; confirming an offset forgets every lower id
 *   (#getupdates, #update). An update of another bot never has this bot's ids: each bot's ids are its
 *   own sequence, so a fresh bot's ids start low again (`startUpdateIdsAt` models a new bot).
 *
 * Fault injection (`fail`) reproduces what a network and a busy server do: 429, 409, 5xx, a request
 * that never answers, a connection dropped without an answer. Hostile answers, which Telegram does not
 * send but a broken or hostile server (or a proxy in between) can: a `retry_after` of any size, an
 * update without a usable `update_id` (`injectRaw` with its own `update_id`), an answer of any length
 * (`huge`). `holdUpdates` keeps updates from the engine as a network outage or a sleeping laptop does:
 * Telegram keeps them (up to 24 h) and delivers them late, in order.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { parseHtmlText } from './html-entities.ts';

export interface TgUser {
  readonly id: number;
  readonly first_name: string;
  readonly username?: string;
  readonly is_bot?: boolean;
}
export interface TgChat {
  readonly id: number;
  readonly type: 'private' | 'group' | 'supergroup' | 'channel';
  readonly first_name?: string;
  readonly title?: string;
}
export interface Button {
  readonly text: string;
  readonly callback_data: string;
}
/** A message in a chat as the stand-in keeps it (current text and keyboard after edits). */
export interface StoredMessage {
  readonly message_id: number;
  readonly chatId: number;
  readonly fromBot: boolean;
  text: string;
  html: string;
  keyboard: Button[][] | null;
  /** Sent with ForceReply markup (#forcereply): the app opens a reply to it; its placeholder, if any. */
  readonly forceReply?: { readonly placeholder: string | null };
  readonly replyTo: number | null;
  readonly sentAt: number;
  edits: number;
}
export interface CallbackAnswer {
  readonly callbackQueryId: string;
  readonly text: string;
  readonly at: number;
}
/** One injected fault for the next call of `method` (or any method with `*`). */
export type Fault =
  | { readonly kind: 'status'; readonly status: 429; readonly retryAfter: number }
  | { readonly kind: 'status'; readonly status: 409 | 500 | 502 }
  | { readonly kind: 'hang' }
  | { readonly kind: 'drop' }
  /** A 200 answer of `bytes` bytes (a JSON array that never ends), written as fast as the client reads. */
  | { readonly kind: 'huge'; readonly bytes: number };

interface Waiter {
  readonly done: (updates: unknown[] | 'conflict') => void;
}

/** The running stand-in and its test-side controls. */
export class BotApiStandIn {
  /** `<bot id>:<secret>`, the shape BotFather gives (#authorizing-your-bot: the number is the bot's id). */
  readonly token: string;
  readonly bot: TgUser;
  readonly calls: { method: string; params: Record<string, unknown>; at: number }[] = [];
  readonly answers: CallbackAnswer[] = [];
  private readonly messagesByChat = new Map<number, StoredMessage[]>();
  private readonly updates: { update_id: unknown; body: Record<string, unknown> }[] = [];
  private readonly faults: { method: string; fault: Fault }[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly answered = new Set<string>();
  private waiter: Waiter | null = null;
  private nextUpdateId = 100;
  private nextCallbackId = 1;
  private revoked = false;
  private held = false;
  /** Bytes a `huge` answer wrote before the client hung up (or all of them). */
  hugeBytesWritten = 0;
  webhookSet = false;
  /** Called on every request as it arrives (the bench times sendMessage with it). */
  onCall: ((method: string, params: Record<string, unknown>) => void) | null = null;

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    botId: number,
    username: string,
  ) {
    this.token = `${botId}:${'AAH' + 'x'.repeat(32)}`;
    this.bot = { id: botId, first_name: 'Trail Boss', username, is_bot: true };
  }

  /** Listen on 127.0.0.1 on a free port, as bot 7000001 (@trailboss_test_bot) unless told another. */
  static async start(opts: { botId?: number; username?: string } = {}): Promise<BotApiStandIn> {
    const server = createServer();
    const standIn = new BotApiStandIn(server, opts.botId ?? 7000001, opts.username ?? 'trailboss_test_bot');
    server.on('request', (req, res) => void standIn.handle(req, res));
    server.on('connection', (s) => {
      standIn.sockets.add(s);
      s.on('close', () => standIn.sockets.delete(s));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return standIn;
  }

  /** The base URL to give the engine (`phone.telegram.apiBase`). */
  get apiBase(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Every message in `chatId`, oldest first (the bot's and the user's). */
  messages(chatId: number): StoredMessage[] {
    return this.messagesByChat.get(chatId) ?? [];
  }

  /** The bot's messages in `chatId`, oldest first. */
  botMessages(chatId: number): StoredMessage[] {
    return this.messages(chatId).filter((m) => m.fromBot);
  }

  /** Calls of `method` so far. */
  callsOf(method: string): Record<string, unknown>[] {
    return this.calls.filter((c) => c.method === method).map((c) => c.params);
  }

  /** The next call of `method` (`*`: any) meets this fault instead of an answer. */
  fail(method: string, fault: Fault): void {
    this.faults.push({ method, fault });
  }

  /** The token is revoked: every call answers 401 from now on. */
  revoke(): void {
    this.revoked = true;
  }

  /** The user writes `text` in `chat` (a private chat with the bot unless given), optionally as a reply. */
  sendText(from: TgUser, text: string, opts: { chat?: TgChat; replyTo?: number } = {}): number {
    const chat = opts.chat ?? { id: from.id, type: 'private', first_name: from.first_name };
    const message = this.store(chat.id, { fromBot: false, text, html: text, keyboard: null, replyTo: opts.replyTo ?? null });
    const reply = opts.replyTo === undefined ? undefined : this.messages(chat.id).find((m) => m.message_id === opts.replyTo);
    return this.enqueue({
      message: {
        message_id: message.message_id,
        from,
        chat,
        date: Math.floor(Date.now() / 1000),
        text,
        ...(reply ? { reply_to_message: this.wire(reply, chat) } : {}),
      },
    });
  }

  /**
   * `from` taps the button whose text starts with `buttonPrefix` on message `messageId` of `chatId`.
   * A phone can only tap what the message shows now: no such button on its current keyboard throws.
   */
  press(from: TgUser, chatId: number, messageId: number, buttonPrefix: string): number {
    const message = this.messages(chatId).find((m) => m.message_id === messageId);
    const button = message?.keyboard?.flat().find((b) => b.text.startsWith(buttonPrefix));
    if (!message || !button) throw new Error(`no button "${buttonPrefix}" on message ${messageId} in chat ${chatId}`);
    return this.pressData(from, chatId, messageId, button.callback_data);
  }

  /**
   * A callback press with any data, as a client that kept an old keyboard (a second phone, a slow
   * redraw) or a forger would send it: Telegram passes `callback_data` through unchecked.
   */
  pressData(from: TgUser, chatId: number, messageId: number, data: string): number {
    const message = this.messages(chatId).find((m) => m.message_id === messageId);
    const chat: TgChat = { id: chatId, type: chatId > 0 ? 'private' : 'group', first_name: 'x' };
    return this.enqueue({
      callback_query: {
        id: String(this.nextCallbackId++),
        from,
        chat_instance: `ci-${chatId}`,
        data,
        ...(message ? { message: this.wire(message, chat) } : {}),
      },
    });
  }

  /** Updates stay with the stand-in (getUpdates answers none) until `releaseUpdates`: late delivery. */
  holdUpdates(): void {
    this.held = true;
  }

  /** Deliver what was held, in order, to the poll waiting now or the next one. */
  releaseUpdates(): void {
    this.held = false;
    const waiter = this.waiter;
    this.waiter = null;
    if (this.updates.length > 0) waiter?.done(this.updates.map((u) => ({ update_id: u.update_id, ...u.body })));
    else if (waiter) this.waiter = waiter;
  }

  /** The next update ids start at `id` (another bot's sequence, as after pairing a new bot). */
  startUpdateIdsAt(id: number): void {
    this.nextUpdateId = id;
  }

  /** Inject any raw update body (malformed ones included; an `update_id` in `body` replaces the real one). */
  injectRaw(body: Record<string, unknown>): number {
    return this.enqueue(body);
  }

  /** How many updates are not yet confirmed by an offset. */
  pendingUpdates(): number {
    return this.updates.length;
  }

  async close(): Promise<void> {
    this.waiter?.done([]);
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  private enqueue(body: Record<string, unknown>): number {
    const update_id = this.nextUpdateId++;
    this.updates.push({ update_id: 'update_id' in body ? body['update_id'] : update_id, body });
    if (this.held) return update_id;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.done(this.updates.map((u) => ({ update_id: u.update_id, ...u.body })));
    return update_id;
  }

  private store(chatId: number, m: Omit<StoredMessage, 'message_id' | 'chatId' | 'sentAt' | 'edits'>): StoredMessage {
    const list = this.messagesByChat.get(chatId) ?? [];
    const message: StoredMessage = { ...m, message_id: (list.at(-1)?.message_id ?? 0) + 1, chatId, sentAt: Date.now(), edits: 0 };
    list.push(message);
    this.messagesByChat.set(chatId, list);
    return message;
  }

  private wire(m: StoredMessage, chat: TgChat): Record<string, unknown> {
    return {
      message_id: m.message_id,
      chat,
      date: Math.floor(m.sentAt / 1000),
      text: m.text,
      ...(m.fromBot ? { from: this.bot } : {}),
      ...(m.keyboard ? { reply_markup: { inline_keyboard: m.keyboard } } : {}),
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(req.url ?? '');
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const send = (status: number, body: Record<string, unknown>) => {
      if (res.writableEnded || res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const error = (status: number, description: string, parameters?: Record<string, unknown>) =>
      send(status, { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) });
    if (!match) return error(404, 'Not Found');
    const [, token, method] = match as unknown as [string, string, string];
    let params: Record<string, unknown>;
    try {
      params = raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>);
    } catch {
      return error(400, 'Bad Request: invalid JSON');
    }
    this.calls.push({ method, params, at: Date.now() });
    this.onCall?.(method, params);
    if (this.revoked || token !== this.token) return error(401, 'Unauthorized');
    const faultAt = this.faults.findIndex((f) => f.method === method || f.method === '*');
    if (faultAt >= 0) {
      const { fault } = this.faults.splice(faultAt, 1)[0]!;
      switch (fault.kind) {
        case 'hang':
          return; // never answered; the socket stays open until the client gives up or we close
        case 'drop':
          req.socket.destroy();
          return;
        case 'huge':
          return this.writeHuge(res, fault.bytes);
        case 'status':
          if (fault.status === 429)
            return error(429, `Too Many Requests: retry after ${fault.retryAfter}`, { retry_after: fault.retryAfter });
          return error(fault.status, fault.status === 409 ? 'Conflict: terminated by other getUpdates request' : 'Internal Server Error');
      }
    }
    const result = await this.method(method, params, res);
    if ('error' in result) return error(result.status, result.error);
    send(200, { ok: true, result: result.value });
  }

  private async method(
    method: string,
    p: Record<string, unknown>,
    res: ServerResponse,
  ): Promise<{ value: unknown } | { status: number; error: string }> {
    switch (method) {
      case 'getMe':
        return { value: { ...this.bot, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false } };
      case 'deleteWebhook':
        this.webhookSet = false;
        if (p['drop_pending_updates'] === true) this.updates.splice(0);
        return { value: true };
      case 'getUpdates':
        return this.getUpdates(p, res);
      case 'sendMessage':
        return this.sendMessage(p);
      case 'editMessageText':
      case 'editMessageReplyMarkup':
        return this.edit(method, p);
      case 'answerCallbackQuery': {
        const id = String(p['callback_query_id'] ?? '');
        const text = typeof p['text'] === 'string' ? p['text'] : '';
        if (text.length > 200) return { status: 400, error: 'Bad Request: MESSAGE_TOO_LONG' };
        if (this.answered.has(id))
          return { status: 400, error: 'Bad Request: query is too old and response timeout expired or query ID is invalid' };
        this.answered.add(id);
        this.answers.push({ callbackQueryId: id, text, at: Date.now() });
        return { value: true };
      }
      default:
        return { status: 404, error: 'Not Found: method not found' };
    }
  }

  private async getUpdates(
    p: Record<string, unknown>,
    res: ServerResponse,
  ): Promise<{ value: unknown } | { status: number; error: string }> {
    if (this.webhookSet)
      return {
        status: 409,
        error: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      };
    const offset = typeof p['offset'] === 'number' ? p['offset'] : 0;
    // "All previous updates will be forgotten": confirmation is permanent. An entry whose update_id is
    // not a number (injected, hostile) is forgotten only with a number after it.
    if (offset > 0) {
      let last = -1;
      this.updates.forEach((u, i) => {
        if (typeof u.update_id === 'number' && u.update_id < offset) last = i;
      });
      this.updates.splice(0, last + 1);
    }
    if (this.held) return new Promise((done) => setTimeout(() => done({ value: [] }), Math.min(timeoutS(p), 1) * 1000));
    const limit = Math.min(100, Math.max(1, typeof p['limit'] === 'number' ? p['limit'] : 100));
    const ready = () => this.updates.slice(0, limit).map((u) => ({ update_id: u.update_id, ...u.body }));
    const timeoutSeconds = timeoutS(p);
    // A newer poll ends the one in flight with 409 (one poller per token).
    this.waiter?.done('conflict');
    this.waiter = null;
    if (this.updates.length > 0 || timeoutSeconds <= 0) return { value: ready() };
    const outcome = await new Promise<unknown[] | 'conflict'>((done) => {
      const timer = setTimeout(() => finish([]), timeoutSeconds * 1000);
      const waiter: Waiter = { done: (u) => finish(u) };
      const finish = (u: unknown[] | 'conflict') => {
        clearTimeout(timer);
        if (this.waiter === waiter) this.waiter = null;
        done(u);
      };
      this.waiter = waiter;
      // The client gave up (its watchdog aborted, it stopped): nobody is waiting any more.
      res.once('close', () => finish([]));
    });
    if (outcome === 'conflict')
      return { status: 409, error: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running' };
    return { value: outcome.slice(0, limit) };
  }

  /** `bytes` of a JSON array that never closes, as fast as the client reads; stops when it hangs up. */
  private async writeHuge(res: ServerResponse, bytes: number): Promise<void> {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.from(`{"update_id":1,"x":"${'x'.repeat(65_000)}"},`);
    res.write('{"ok":true,"result":[');
    this.hugeBytesWritten = 0;
    while (this.hugeBytesWritten < bytes && !res.destroyed) {
      this.hugeBytesWritten += chunk.length;
      if (!res.write(chunk))
        await new Promise<void>((done) => {
          const go = (): void => {
            res.off('drain', go);
            res.off('close', go);
            done();
          };
          res.once('drain', go);
          res.once('close', go);
        });
    }
    res.end();
  }

  private sendMessage(p: Record<string, unknown>): { value: unknown } | { status: number; error: string } {
    const chatId = Number(p['chat_id']);
    if (!this.messages(chatId).some((m) => !m.fromBot))
      return { status: 403, error: "Forbidden: bot can't initiate conversation with a user" };
    const checked = this.checkText(p);
    if ('error' in checked) return checked;
    const force = checkForceReply(p['reply_markup']);
    if (force !== null && 'error' in force) return force;
    const keyboard = force === null ? this.checkKeyboard(p['reply_markup']) : null;
    if (keyboard !== null && 'error' in keyboard) return keyboard;
    const replyParams = p['reply_parameters'] as { message_id?: number } | undefined;
    const message = this.store(chatId, {
      fromBot: true,
      text: checked.text,
      html: String(p['text']),
      keyboard: keyboard?.rows ?? null,
      ...(force !== null ? { forceReply: force } : {}),
      replyTo: replyParams?.message_id ?? null,
    });
    return { value: this.wire(message, { id: chatId, type: 'private' }) };
  }

  private edit(method: string, p: Record<string, unknown>): { value: unknown } | { status: number; error: string } {
    const message = this.messages(Number(p['chat_id'])).find((m) => m.message_id === Number(p['message_id']));
    if (!message) return { status: 400, error: 'Bad Request: message to edit not found' };
    if (!message.fromBot) return { status: 400, error: "Bad Request: message can't be edited" };
    const keyboard = this.checkKeyboard(p['reply_markup']);
    if (keyboard !== null && 'error' in keyboard) return keyboard;
    const rows = keyboard?.rows ?? null;
    let text = message.text;
    let html = message.html;
    if (method === 'editMessageText') {
      const checked = this.checkText(p);
      if ('error' in checked) return checked;
      text = checked.text;
      html = String(p['text']);
    }
    if (html === message.html && JSON.stringify(rows) === JSON.stringify(message.keyboard)) {
      return {
        status: 400,
        error:
          'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      };
    }
    Object.assign(message, { text, html, keyboard: rows, edits: message.edits + 1 });
    return { value: this.wire(message, { id: message.chatId, type: 'private' }) };
  }

  private checkText(p: Record<string, unknown>): { text: string } | { status: number; error: string } {
    const raw = typeof p['text'] === 'string' ? p['text'] : '';
    const parsed = p['parse_mode'] === 'HTML' ? parseHtmlText(raw) : { ok: true as const, text: raw };
    if (!parsed.ok) return { status: 400, error: `Bad Request: ${parsed.error}` };
    if (parsed.text.trim() === '') return { status: 400, error: 'Bad Request: message text is empty' };
    if (parsed.text.length > 4096) return { status: 400, error: 'Bad Request: message is too long' };
    return { text: parsed.text };
  }

  private checkKeyboard(markup: unknown): { rows: Button[][] | null } | { status: number; error: string } | null {
    if (markup === undefined || markup === null) return null;
    const rows = (markup as { inline_keyboard?: unknown }).inline_keyboard;
    if (!Array.isArray(rows)) return { status: 400, error: "Bad Request: can't parse reply keyboard markup JSON object" };
    for (const row of rows as Button[][]) {
      for (const b of row) {
        const bytes = Buffer.byteLength(String(b.callback_data ?? ''), 'utf8');
        if (bytes < 1 || bytes > 64) return { status: 400, error: 'Bad Request: BUTTON_DATA_INVALID' };
        if (typeof b.text !== 'string' || b.text === '')
          return { status: 400, error: 'Bad Request: text buttons are unallowed in the inline keyboard' };
      }
    }
    return { rows: rows.length === 0 ? null : (rows as Button[][]) };
  }
}

/** ForceReply markup (sendMessage only): `force_reply` must be True, a placeholder 1–64 characters; null when the markup is not one. */
function checkForceReply(markup: unknown): { placeholder: string | null } | { status: number; error: string } | null {
  if (typeof markup !== 'object' || markup === null || !('force_reply' in markup)) return null;
  const m = markup as { force_reply?: unknown; input_field_placeholder?: unknown };
  if (m.force_reply !== true) return { status: 400, error: "Bad Request: can't parse reply keyboard markup JSON object" };
  const placeholder = m.input_field_placeholder;
  if (placeholder === undefined) return { placeholder: null };
  if (typeof placeholder !== 'string' || placeholder.length < 1 || placeholder.length > 64)
    return { status: 400, error: 'Bad Request: input field placeholder is invalid' };
  return { placeholder };
}

function timeoutS(p: Record<string, unknown>): number {
  return typeof p['timeout'] === 'number' ? p['timeout'] : 0;
}
