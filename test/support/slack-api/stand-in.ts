/**
 * A stand-in for Slack on loopback: the Web API methods the Slack channel calls (node:http) and a
 * Socket Mode WebSocket (the `ws` package) on the same port. Slack cannot be reached from our
 * machines, so this is the one mock the Slack tests use; each rule names the documented behaviour it
 * reproduces:
 *
 * - Web API: `POST <base>/<method>`, the token as `Authorization: Bearer …`, a form-encoded or JSON
 *   body; every answer is HTTP 200 `{ ok: true, … }` or `{ ok: false, error }` — Slack uses no other
 *   status but 429 (https://api.slack.com/web#responses; https://api.slack.com/web#evaluating_responses).
 * - A wrong or revoked token answers `invalid_auth` (https://api.slack.com/methods/auth.test#errors);
 *   a bot token on `apps.connections.open`, or an app token on a bot method, answers
 *   `not_allowed_token_type` (https://api.slack.com/authentication/token-types#app-level).
 * - `apps.connections.open` (app-level token, `connections:write`) answers a single-use `wss` URL
 *   (https://api.slack.com/methods/apps.connections.open; https://api.slack.com/apis/socket-mode:
 *   "the URL … is not reusable").
 * - The socket: `hello` first; events as `events_api`, presses as `interactive` envelopes, each with
 *   an `envelope_id` the app must acknowledge by sending `{ envelope_id }` back; an envelope not
 *   acknowledged in time is sent again with `retry_attempt` + 1 and `retry_reason: "timeout"`, and
 *   envelopes still unacknowledged when a socket drops are sent on the next connection
 *   (https://api.slack.com/apis/socket-mode#acknowledge, #events). `disconnect` with reason `warning`
 *   or `refresh_requested` asks the app to reconnect (https://api.slack.com/apis/socket-mode#disconnect).
 *   The server pings, and answers the client's pings (WebSocket ping/pong).
 * - `chat.postMessage` / `chat.update`: `blocks` of at most 50; a section's text at most 3000
 *   characters; a button's text at most 75, its `value` at most 2000, its `action_id` at most 255 and
 *   unique in the message (https://api.slack.com/reference/block-kit/blocks#section,
 *   …/block-elements#button, …/blocks#actions); `chat.update` only of the bot's own message
 *   (`cant_update_message`, `message_not_found`); `thread_ts` puts a message in a thread.
 * - `users.info` answers the user's `real_name` (https://api.slack.com/methods/users.info).
 * - A press carries a `trigger_id`; `views.open` exchanges it for a modal shown to the user who pressed,
 *   once (`exchanged_trigger_id`), within 3 s of the press (`expired_trigger_id`), and refuses one it
 *   never issued (`invalid_trigger_id`) (https://api.slack.com/methods/views.open#errors;
 *   https://api.slack.com/interactivity/handling#modal_responses: "triggers expire in three seconds").
 *   The view: `type: "modal"`, a title (and `submit`, `close`) of at most 24 characters, `submit` required
 *   when it has an input block, at most 100 blocks, `callback_id` at most 255 and `private_metadata` at
 *   most 3000 characters, a `plain_text_input`'s `max_length` at most 3000
 *   (https://api.slack.com/reference/surfaces/views; …/block-elements#input).
 * - Submitting a modal sends an `interactive` envelope with a `view_submission` payload: `user`, the
 *   `view` with its `callback_id`, `private_metadata` and `state.values[block_id][action_id].value` (no
 *   channel) (https://api.slack.com/reference/interaction-payloads/views). The acknowledgement decides:
 *   `{ response_action: "errors", errors: { <block_id>: text } }` keeps the modal open with the text
 *   under that field; anything else closes it (https://api.slack.com/surfaces/modals#displaying_errors;
 *   in Socket Mode the response goes in the acknowledgement's `payload`,
 *   https://api.slack.com/apis/socket-mode#modals). Only the user a modal was opened for can submit it.
 * - 429 carries a `Retry-After` header in seconds (https://api.slack.com/apis/rate-limits).
 *
 * Test controls: `dm` (a user writes to the bot, optionally in a thread), `press` (only a button the
 * message shows now), `pressValue` (any value: a forger or an old client), `openViews` and `submitView`
 * (only an open modal, by its user), `submitViewAs` (any view and user: a forger, or a submission
 * delivered twice), `dropSockets`, `askToReconnect`, `fail` (429, 500, a dropped connection), `revoke`.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';

export interface SlackUser {
  readonly id: string;
  readonly name: string;
  readonly realName: string;
}
export interface SlackButton {
  readonly text: string;
  readonly value: string;
  readonly actionId: string;
}
/** A message as the stand-in keeps it (its current text and buttons after updates). */
export interface SlackStoredMessage {
  readonly channel: string;
  readonly ts: string;
  readonly user: string;
  readonly fromBot: boolean;
  text: string;
  /** Every text of its blocks, joined by newlines. */
  blockText: string;
  buttons: SlackButton[];
  readonly threadTs: string | null;
  updates: number;
}
/** One injected fault for the next call of `method` (`*`: any). */
export type SlackFault =
  | { readonly kind: 'rate-limited'; readonly retryAfterS: number }
  | { readonly kind: 'status'; readonly status: 500 | 503 }
  | { readonly kind: 'drop' };

/** A modal opened with `views.open`, as the stand-in keeps it. */
export interface SlackView {
  readonly id: string;
  /** The user it was opened for (the one who pressed). */
  readonly userId: string;
  readonly view: Record<string, unknown>;
  open: boolean;
  /** The errors the last submission's acknowledgement showed under its fields. */
  errors: Record<string, string> | null;
}

interface Envelope {
  readonly envelopeId: string;
  readonly type: 'events_api' | 'interactive';
  readonly payload: Record<string, unknown>;
  attempt: number;
  acked: boolean;
  timer: NodeJS.Timeout | null;
}

const SECTION_MAX = 3000;

/** The running stand-in and its test-side controls. */
export class SlackStandIn {
  readonly botToken = `xoxb-${'1'.repeat(12)}-${'2'.repeat(13)}-${'b'.repeat(24)}`;
  readonly appToken = `xapp-1-A0TRAILBOSS-${'3'.repeat(13)}-${'a'.repeat(64)}`;
  readonly teamId = 'T0TEAM';
  readonly bot = { userId: 'U0BOT', name: 'trailboss', botId: 'B0BOT', appId: 'A0TRAILBOSS' };
  readonly calls: { method: string; params: Record<string, unknown>; at: number }[] = [];
  /** Envelopes the app acknowledged, by id, with when. */
  readonly acks = new Map<string, number>();
  /** What each acknowledgement carried (`payload`), by envelope id. */
  readonly ackPayloads = new Map<string, Record<string, unknown>>();
  /** Modals opened, by view id. */
  readonly views = new Map<string, SlackView>();
  /** How long a press's trigger can open a modal (Slack: 3 s). */
  triggerTtlMs = 3_000;
  private readonly triggers = new Map<string, { userId: string; at: number; used: boolean }>();
  /** Envelopes sent (a redelivery counts again). */
  readonly deliveries: { envelopeId: string; attempt: number; at: number }[] = [];
  private readonly users = new Map<string, SlackUser>();
  private readonly messagesByChannel = new Map<string, SlackStoredMessage[]>();
  private readonly envelopes: Envelope[] = [];
  private readonly faults: { method: string; fault: SlackFault }[] = [];
  private readonly tickets = new Set<string>();
  private readonly sockets = new Set<Socket>();
  private readonly wss = new WebSocketServer({ noServer: true });
  private clock = 1_900_000_000;
  private seq = 0;
  private revoked = false;
  /** How long an envelope may wait for its acknowledgement before it is sent again (Slack: 3 s). */
  ackTimeoutMs = 3_000;
  /** How often the server pings an open socket. */
  pingMs = 10_000;
  /** Connections opened so far (hello sent). */
  connections = 0;
  /** Called on every Web API request as it arrives (the bench times chat.postMessage with it). */
  onCall: ((method: string, params: Record<string, unknown>) => void) | null = null;

  private constructor(private readonly server: ReturnType<typeof createServer>) {}

  /** Listen on 127.0.0.1 on a free port. */
  static async start(): Promise<SlackStandIn> {
    const server = createServer();
    const s = new SlackStandIn(server);
    server.on('request', (req, res) => void s.handle(req, res));
    server.on('connection', (socket) => {
      s.sockets.add(socket);
      socket.on('close', () => s.sockets.delete(socket));
    });
    server.on('upgrade', (req, socket, head) => s.upgrade(req, socket as Socket, head));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return s;
  }

  /** The Web API base to give the engine (`phone.slack.apiBase`, `--api-base`). */
  get apiBase(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/`;
  }

  /** A workspace member. */
  addUser(id: string, realName: string, name = realName.toLowerCase().replace(/\s+/g, '.')): SlackUser {
    const u = { id, name, realName };
    this.users.set(id, u);
    return u;
  }

  /** The DM channel between `userId` and the bot. */
  dmChannel(userId: string): string {
    return `D${userId.slice(1)}`;
  }

  /** Every message in `channel`, oldest first. */
  messages(channel: string): SlackStoredMessage[] {
    return this.messagesByChannel.get(channel) ?? [];
  }

  /** The bot's messages in `channel`, oldest first. */
  botMessages(channel: string): SlackStoredMessage[] {
    return this.messages(channel).filter((m) => m.fromBot);
  }

  /** Calls of `method` so far. */
  callsOf(method: string): Record<string, unknown>[] {
    return this.calls.filter((c) => c.method === method).map((c) => c.params);
  }

  /** Open sockets now. */
  get openSockets(): number {
    return [...this.wss.clients].filter((w) => w.readyState === w.OPEN).length;
  }

  /** Envelopes sent and not acknowledged yet. */
  unacked(): number {
    return this.envelopes.filter((e) => !e.acked).length;
  }

  fail(method: string, fault: SlackFault): void {
    this.faults.push({ method, fault });
  }

  /** Both tokens are revoked: every call answers `invalid_auth` and sockets close. */
  revoke(): void {
    this.revoked = true;
    for (const w of this.wss.clients) w.close(1000);
  }

  /** `user` writes `text` in their DM with the bot (in a thread when `threadTs`): the message's ts and its envelope's id. */
  dm(
    user: SlackUser,
    text: string,
    opts: { threadTs?: string; channel?: string; channelType?: string; ts?: string } = {},
  ): { ts: string; envelopeId: string } {
    const channel = opts.channel ?? this.dmChannel(user.id);
    // `ts`: a message written earlier and delivered only now (Slack redelivers what a disconnected app missed).
    const m = this.store(
      channel,
      { user: user.id, fromBot: false, text, blockText: text, buttons: [], threadTs: opts.threadTs ?? null },
      opts.ts,
    );
    const envelopeId = this.deliver('events_api', {
      token: 'verification-token',
      team_id: this.teamId,
      api_app_id: this.bot.appId,
      type: 'event_callback',
      event_id: `Ev${++this.seq}`,
      event_time: Math.floor(Date.now() / 1000),
      event: {
        type: 'message',
        channel,
        channel_type: opts.channelType ?? 'im',
        user: user.id,
        text,
        ts: m.ts,
        event_ts: m.ts,
        ...(opts.threadTs ? { thread_ts: opts.threadTs } : {}),
      },
    });
    return { ts: m.ts, envelopeId };
  }

  /** `user` presses the button whose text starts with `prefix` on message `ts`; only what it shows now. */
  press(user: SlackUser, channel: string, ts: string, prefix: string): string {
    const m = this.messages(channel).find((x) => x.ts === ts);
    const b = m?.buttons.find((x) => x.text.startsWith(prefix));
    if (!m || !b) throw new Error(`no button "${prefix}" on message ${ts} in ${channel}`);
    return this.pressValue(user, channel, ts, b.value, b.actionId);
  }

  /** A press with any value, as a forger or a client showing an old message would send it; the envelope id. */
  pressValue(user: SlackUser, channel: string, ts: string, value: string, actionId = 'tb-approve'): string {
    const m = this.messages(channel).find((x) => x.ts === ts);
    const triggerId = `${++this.seq}.${Date.now()}.${randomBytes(8).toString('hex')}`;
    this.triggers.set(triggerId, { userId: user.id, at: Date.now(), used: false });
    return this.deliver('interactive', {
      type: 'block_actions',
      user: { id: user.id, username: user.name, name: user.name, team_id: this.teamId },
      api_app_id: this.bot.appId,
      token: 'verification-token',
      container: { type: 'message', message_ts: ts, channel_id: channel, is_ephemeral: false },
      trigger_id: triggerId,
      team: { id: this.teamId },
      channel: { id: channel, name: 'directmessage' },
      message: { type: 'message', ts, text: m?.text ?? '', ...(m?.threadTs ? { thread_ts: m.threadTs } : {}) },
      actions: [{ action_id: actionId, block_id: 'b', value, type: 'button', action_ts: String(Date.now() / 1000) }],
    });
  }

  /** The `trigger_id` a press envelope carried (what a modal may be opened with). */
  triggerOf(envelopeId: string): string {
    const e = this.envelopes.find((x) => x.envelopeId === envelopeId);
    const id = e?.payload['trigger_id'];
    if (typeof id !== 'string') throw new Error(`envelope ${envelopeId} carries no trigger`);
    return id;
  }

  /** The modals open for `user` now, oldest first. */
  openViews(user: SlackUser): SlackView[] {
    return [...this.views.values()].filter((v) => v.open && v.userId === user.id);
  }

  /** `user` types `text` into the open modal `viewId`'s input and submits it; the envelope id. */
  submitView(user: SlackUser, viewId: string, text: string): string {
    const v = this.views.get(viewId);
    if (!v || !v.open || v.userId !== user.id) throw new Error(`no open view ${viewId} for ${user.id}`);
    return this.submitViewAs(user, viewId, text);
  }

  /** A submission of view `viewId` as `user`, open or not: a forger, or one delivered twice; the envelope id. */
  submitViewAs(user: SlackUser, viewId: string, text: string): string {
    const v = this.views.get(viewId);
    if (!v) throw new Error(`no view ${viewId}`);
    const values: Record<string, Record<string, unknown>> = {};
    for (const b of (v.view['blocks'] as Record<string, unknown>[]) ?? []) {
      const el = b['element'] as Record<string, unknown> | undefined;
      if (b['type'] === 'input' && el?.['type'] === 'plain_text_input')
        values[String(b['block_id'])] = { [String(el['action_id'])]: { type: 'plain_text_input', value: text } };
    }
    return this.deliver('interactive', {
      type: 'view_submission',
      team: { id: this.teamId },
      user: { id: user.id, username: user.name, name: user.name, team_id: this.teamId },
      api_app_id: this.bot.appId,
      token: 'verification-token',
      trigger_id: `${++this.seq}.${Date.now()}.${randomBytes(8).toString('hex')}`,
      view: {
        ...v.view,
        id: v.id,
        team_id: this.teamId,
        state: { values },
        hash: `${Date.now()}.${randomBytes(4).toString('hex')}`,
        app_id: this.bot.appId,
        bot_id: this.bot.botId,
      },
      response_urls: [],
    });
  }

  /** Every socket dies without a close frame (a network drop). */
  dropSockets(): void {
    for (const w of this.wss.clients) w.terminate();
  }

  /** Slack asks every connected app to reconnect. */
  askToReconnect(reason: 'warning' | 'refresh_requested' = 'refresh_requested'): void {
    for (const w of this.wss.clients) w.send(JSON.stringify({ type: 'disconnect', reason, debug_info: { host: 'stand-in' } }));
  }

  async close(): Promise<void> {
    for (const e of this.envelopes) if (e.timer) clearTimeout(e.timer);
    for (const w of this.wss.clients) w.terminate();
    this.wss.close();
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  private nextTs(): string {
    this.clock += 1;
    return `${this.clock}.${String(++this.seq).padStart(6, '0')}`;
  }

  private store(channel: string, m: Omit<SlackStoredMessage, 'channel' | 'ts' | 'updates'>, ts?: string): SlackStoredMessage {
    const message: SlackStoredMessage = { ...m, channel, ts: ts ?? this.nextTs(), updates: 0 };
    const list = this.messagesByChannel.get(channel) ?? [];
    list.push(message);
    this.messagesByChannel.set(channel, list);
    return message;
  }

  private deliver(type: Envelope['type'], payload: Record<string, unknown>): string {
    const e: Envelope = { envelopeId: randomBytes(8).toString('hex'), type, payload, attempt: 0, acked: false, timer: null };
    this.envelopes.push(e);
    this.send(e);
    return e.envelopeId;
  }

  private send(e: Envelope): void {
    const open = [...this.wss.clients].find((w) => w.readyState === w.OPEN);
    if (!open) return; // sent when the app connects again
    open.send(
      JSON.stringify({
        envelope_id: e.envelopeId,
        type: e.type,
        payload: e.payload,
        accepts_response_payload: e.payload['type'] === 'view_submission',
        ...(e.type === 'events_api' ? { retry_attempt: e.attempt, retry_reason: e.attempt > 0 ? 'timeout' : '' } : {}),
      }),
    );
    this.deliveries.push({ envelopeId: e.envelopeId, attempt: e.attempt, at: Date.now() });
    if (e.timer) clearTimeout(e.timer);
    e.timer = setTimeout(() => {
      e.timer = null;
      if (e.acked || e.attempt >= 3) return;
      e.attempt += 1;
      this.send(e);
    }, this.ackTimeoutMs);
  }

  private upgrade(req: IncomingMessage, socket: Socket, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://x');
    const ticket = url.searchParams.get('ticket') ?? '';
    if (url.pathname !== '/link/' || !this.tickets.delete(ticket) || this.revoked) {
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws));
  }

  private connected(ws: WebSocket): void {
    this.connections += 1;
    ws.on('message', (data) => {
      let m: { envelope_id?: unknown; payload?: unknown };
      try {
        m = JSON.parse(String(data)) as { envelope_id?: unknown; payload?: unknown };
      } catch {
        return;
      }
      const e = this.envelopes.find((x) => x.envelopeId === m.envelope_id);
      if (!e || e.acked) return;
      e.acked = true;
      if (e.timer) clearTimeout(e.timer);
      this.acks.set(e.envelopeId, Date.now());
      const payload = m.payload && typeof m.payload === 'object' ? (m.payload as Record<string, unknown>) : {};
      this.ackPayloads.set(e.envelopeId, payload);
      if (e.payload['type'] === 'view_submission') this.submitted(e.payload, payload);
    });
    const pinger = setInterval(() => ws.ping(), this.pingMs);
    ws.on('close', () => clearInterval(pinger));
    ws.send(
      JSON.stringify({
        type: 'hello',
        num_connections: this.wss.clients.size,
        debug_info: { host: 'stand-in', approximate_connection_time: 18060 },
        connection_info: { app_id: this.bot.appId },
      }),
    );
    // What was not acknowledged on the socket that went is sent on this one.
    for (const e of this.envelopes) if (!e.acked) this.send(e);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const answer = (body: Record<string, unknown>, status = 200, headers: Record<string, string> = {}) => {
      if (res.writableEnded || res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    const match = /^\/api\/([A-Za-z.]+)$/.exec(req.url ?? '');
    if (!match) return answer({ ok: false, error: 'unknown_method' }, 404);
    const method = match[1]!;
    const params = parseBody(raw, String(req.headers['content-type'] ?? ''));
    this.calls.push({ method, params, at: Date.now() });
    this.onCall?.(method, params);
    const faultAt = this.faults.findIndex((f) => f.method === method || f.method === '*');
    if (faultAt >= 0) {
      const { fault } = this.faults.splice(faultAt, 1)[0]!;
      if (fault.kind === 'drop') return void req.socket.destroy();
      if (fault.kind === 'rate-limited')
        return answer({ ok: false, error: 'ratelimited' }, 429, { 'retry-after': String(fault.retryAfterS) });
      return answer({ ok: false, error: 'internal_error' }, fault.status);
    }
    const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? String(params['token'] ?? '');
    if (this.revoked || (token !== this.botToken && token !== this.appToken)) return answer({ ok: false, error: 'invalid_auth' });
    const isApp = token === this.appToken;
    if ((method === 'apps.connections.open') !== isApp) return answer({ ok: false, error: 'not_allowed_token_type' });
    answer(this.method(method, params));
  }

  private method(method: string, p: Record<string, unknown>): Record<string, unknown> {
    switch (method) {
      case 'auth.test':
        return {
          ok: true,
          url: 'https://stand-in.slack.com/',
          team: 'Stand-in',
          user: this.bot.name,
          team_id: this.teamId,
          user_id: this.bot.userId,
          bot_id: this.bot.botId,
        };
      case 'apps.connections.open': {
        const ticket = randomBytes(12).toString('hex');
        this.tickets.add(ticket);
        const port = (this.server.address() as AddressInfo).port;
        return { ok: true, url: `ws://127.0.0.1:${port}/link/?ticket=${ticket}&app_id=${this.bot.appId}` };
      }
      case 'users.info': {
        const u = this.users.get(String(p['user'] ?? ''));
        if (!u) return { ok: false, error: 'user_not_found' };
        return {
          ok: true,
          user: {
            id: u.id,
            team_id: this.teamId,
            name: u.name,
            real_name: u.realName,
            profile: { real_name: u.realName, display_name: u.name },
          },
        };
      }
      case 'chat.postMessage':
        return this.post(p);
      case 'chat.update':
        return this.update(p);
      case 'views.open':
        return this.openView(p);
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  private post(p: Record<string, unknown>): Record<string, unknown> {
    const channel = String(p['channel'] ?? '');
    if (!/^D[A-Z0-9]+$/.test(channel)) return { ok: false, error: 'channel_not_found' };
    const checked = checkBlocks(p);
    if ('error' in checked) return { ok: false, error: checked.error };
    const threadTs = typeof p['thread_ts'] === 'string' ? p['thread_ts'] : null;
    if (threadTs !== null && !this.messages(channel).some((m) => m.ts === threadTs)) return { ok: false, error: 'thread_not_found' };
    const m = this.store(channel, {
      user: this.bot.userId,
      fromBot: true,
      text: checked.text,
      blockText: checked.blockText,
      buttons: checked.buttons,
      threadTs,
    });
    return {
      ok: true,
      channel,
      ts: m.ts,
      message: { type: 'message', text: m.text, user: this.bot.userId, bot_id: this.bot.botId, ts: m.ts },
    };
  }

  private openView(p: Record<string, unknown>): Record<string, unknown> {
    const triggerId = typeof p['trigger_id'] === 'string' ? p['trigger_id'] : '';
    if (triggerId === '') return { ok: false, error: 'invalid_arguments' };
    const trigger = this.triggers.get(triggerId);
    if (!trigger) return { ok: false, error: 'invalid_trigger_id' };
    if (trigger.used) return { ok: false, error: 'exchanged_trigger_id' };
    if (Date.now() - trigger.at > this.triggerTtlMs) return { ok: false, error: 'expired_trigger_id' };
    let view: unknown = p['view'];
    if (typeof view === 'string') {
      try {
        view = JSON.parse(view);
      } catch {
        return { ok: false, error: 'invalid_arguments' };
      }
    }
    const problem = checkView(view);
    if (problem !== null) return { ok: false, error: 'invalid_arguments', response_metadata: { messages: [`[ERROR] ${problem}`] } };
    trigger.used = true;
    const id = `V${String(++this.seq).padStart(8, '0')}`;
    this.views.set(id, { id, userId: trigger.userId, view: view as Record<string, unknown>, open: true, errors: null });
    return { ok: true, view: { ...(view as Record<string, unknown>), id, team_id: this.teamId, state: { values: {} } } };
  }

  /** A submission's acknowledgement: errors keep the modal open with them, anything else closes it. */
  private submitted(payload: Record<string, unknown>, response: Record<string, unknown>): void {
    const v = this.views.get(String((payload['view'] as { id?: unknown } | undefined)?.id ?? ''));
    if (!v || !v.open) return;
    if (response['response_action'] === 'errors' && response['errors'] && typeof response['errors'] === 'object')
      v.errors = response['errors'] as Record<string, string>;
    else v.open = false;
  }

  private update(p: Record<string, unknown>): Record<string, unknown> {
    const channel = String(p['channel'] ?? '');
    const m = this.messages(channel).find((x) => x.ts === String(p['ts'] ?? ''));
    if (!m) return { ok: false, error: 'message_not_found' };
    if (!m.fromBot) return { ok: false, error: 'cant_update_message' };
    const checked = checkBlocks(p);
    if ('error' in checked) return { ok: false, error: checked.error };
    Object.assign(m, { text: checked.text, blockText: checked.blockText, buttons: checked.buttons, updates: m.updates + 1 });
    return { ok: true, channel, ts: m.ts, text: m.text };
  }
}

function parseBody(raw: string, contentType: string): Record<string, unknown> {
  if (raw === '') return {};
  if (contentType.includes('application/json')) {
    try {
      return JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

type Checked = { text: string; blockText: string; buttons: SlackButton[] } | { error: string };

function checkBlocks(p: Record<string, unknown>): Checked {
  const text = typeof p['text'] === 'string' ? p['text'] : '';
  let blocks: unknown = p['blocks'];
  if (typeof blocks === 'string') {
    try {
      blocks = JSON.parse(blocks);
    } catch {
      return { error: 'invalid_blocks_format' };
    }
  }
  if (blocks === undefined) return text === '' ? { error: 'no_text' } : { text, blockText: text, buttons: [] };
  if (!Array.isArray(blocks) || blocks.length > 50) return { error: 'invalid_blocks' };
  const texts: string[] = [];
  const buttons: SlackButton[] = [];
  for (const b of blocks as Record<string, unknown>[]) {
    if (b['type'] === 'section' || b['type'] === 'context') {
      const parts = b['type'] === 'section' ? [b['text']] : ((b['elements'] as unknown[]) ?? []);
      for (const t of parts as { text?: unknown }[]) {
        const s = typeof t?.text === 'string' ? t.text : '';
        if (s.length === 0 || s.length > SECTION_MAX) return { error: 'invalid_blocks' };
        texts.push(s);
      }
    } else if (b['type'] === 'actions') {
      for (const el of (b['elements'] as Record<string, unknown>[]) ?? []) {
        const label = String((el['text'] as { text?: unknown } | undefined)?.text ?? '');
        const value = String(el['value'] ?? '');
        const actionId = String(el['action_id'] ?? '');
        if (el['type'] !== 'button' || label === '' || label.length > 75 || value.length > 2000 || actionId === '' || actionId.length > 255)
          return { error: 'invalid_blocks' };
        if (buttons.some((x) => x.actionId === actionId)) return { error: 'invalid_blocks' };
        buttons.push({ text: label, value, actionId });
      }
    } else return { error: 'invalid_blocks' };
  }
  return { text, blockText: texts.join('\n'), buttons };
}

/** Why Slack would refuse `view` (views.open's `invalid_arguments`), or null. */
function checkView(view: unknown): string | null {
  if (!view || typeof view !== 'object') return 'view must be an object';
  const v = view as Record<string, unknown>;
  if (v['type'] !== 'modal') return 'must be a modal';
  const plain = (x: unknown) => (x as { type?: unknown; text?: unknown } | undefined)?.type === 'plain_text';
  const len = (x: unknown) => String((x as { text?: unknown } | undefined)?.text ?? '').length;
  if (!plain(v['title']) || len(v['title']) === 0 || len(v['title']) > 24) return 'title must be plain_text of 1-24 characters';
  for (const k of ['submit', 'close'])
    if (v[k] !== undefined && (!plain(v[k]) || len(v[k]) > 24)) return `${k} must be plain_text of at most 24 characters`;
  if (typeof v['callback_id'] === 'string' && v['callback_id'].length > 255) return 'callback_id too long';
  if (typeof v['private_metadata'] === 'string' && v['private_metadata'].length > 3000) return 'private_metadata too long';
  const blocks = v['blocks'];
  if (!Array.isArray(blocks) || blocks.length > 100) return 'blocks must be an array of at most 100';
  for (const b of blocks as Record<string, unknown>[]) {
    if (b['type'] !== 'input') continue;
    if (v['submit'] === undefined) return 'must define submit to use an input block';
    const el = b['element'] as Record<string, unknown> | undefined;
    if (!plain(b['label']) || !el || el['type'] !== 'plain_text_input' || typeof el['action_id'] !== 'string') return 'bad input block';
    const max = el['max_length'];
    if (max !== undefined && (typeof max !== 'number' || max < 1 || max > 3000)) return 'max_length must be 1-3000';
  }
  return null;
}
