/**
 * The freedesktop notification service (`org.freedesktop.Notifications`) over the session bus: performs
 * the policy's show/close operations with `Notify` / `CloseNotification`, and turns the server's
 * `ActionInvoked` into the action the notification offered. Decisions live in the policy and in
 * notify-request.ts; this module only talks to the bus, and never throws at its callers: no bus, no
 * server, a server without actions or a server restart each give one log line and a mode.
 *
 * Safety: an action is taken only from the current owner of the service name (any client on the bus
 * can emit a signal named `ActionInvoked`, or send us a `NameOwnerChanged`; only the bus's own counts), and each shown content gets its own action keys
 * (`approve-3`), so a click on content that was replaced meanwhile matches nothing.
 */
import dbus from 'dbus-native';
import type { MessageBus, Message } from 'dbus-native';
import type { Logger, LogLevel } from '../../platform/log.ts';
import type { NotificationCallbacks, NotificationSink } from '../notification-driver.ts';
import type { NotificationOp } from '../notification-policy.ts';
import type { NotificationAction, NotificationText } from '../notification-text.ts';
import type { NotifyRequest, ServerCaps } from './notify-request.ts';
import { noticeRequest, serverCaps, showRequest } from './notify-request.ts';
import { INLINE_REPLY_KEY } from './inline-reply.ts';

const SERVICE = 'org.freedesktop.Notifications';
const PATH = '/org/freedesktop/Notifications';
const SIGNAL = 4;
const BUS = 'org.freedesktop.DBus';
/** A bus call that takes longer than this is treated as failed (the spec's servers answer at once). */
const CALL_TIMEOUT_MS = 5000;

/** What the notifier can do now. */
export type DbusNotifierMode = 'actions' | 'plain' | 'no-server' | 'unavailable';

/** Options for `DbusNotifier.open`. */
export interface DbusNotifierOptions {
  /** `DBUS_SESSION_BUS_ADDRESS`; undefined or empty means there is no session bus. */
  readonly address: string | undefined;
  /** An icon name from the theme or an absolute path. */
  readonly icon: string;
  readonly logger: Logger;
}

type ShowOp = Extract<NotificationOp, { op: 'show' }>;

interface Entry {
  readonly op: ShowOp;
  readonly callbacks: NotificationCallbacks;
  /** The server's id while it shows this notification, else null (to be shown again). */
  readonly id: number | null;
  /** Action key → what it does, for the content shown under `id`. */
  readonly actions: ReadonlyMap<string, NotificationAction>;
  /** An action was invoked on it: the server closing it afterwards is not the user dismissing it. */
  acted: boolean;
}

/** The notifier. Build with `DbusNotifier.open`, end with `close()`. */
export class DbusNotifier implements NotificationSink {
  private owner: string | null = null;
  private caps: ServerCaps | null = null;
  private server: string | null = null;
  private connected = true;
  private readonly live = new Map<string, Entry>();
  private readonly byId = new Map<number, string>();
  private chain: Promise<void> = Promise.resolve();
  private generation = 0;
  private readonly logged = new Set<string>();

  private constructor(
    private readonly bus: MessageBus | null,
    private readonly opts: DbusNotifierOptions,
  ) {}

  /** Connects and reads the server's capabilities. Never throws: without a bus the notifier is `unavailable`. */
  static async open(opts: DbusNotifierOptions): Promise<DbusNotifier> {
    if (opts.address === undefined || opts.address === '') {
      const n = new DbusNotifier(null, opts);
      n.connected = false;
      n.logOnce('unavailable', 'warn', 'notifications.dbus.unavailable', { reason: 'DBUS_SESSION_BUS_ADDRESS is not set' });
      return n;
    }
    let bus: MessageBus;
    try {
      bus = dbus.sessionBus({ busAddress: opts.address, timeout: CALL_TIMEOUT_MS });
    } catch (error) {
      const n = new DbusNotifier(null, opts);
      n.connected = false;
      n.logOnce('unavailable', 'warn', 'notifications.dbus.unavailable', { reason: message(error) });
      return n;
    }
    const n = new DbusNotifier(bus, opts);
    await n.connect();
    return n;
  }

  /** What it can do now. */
  mode(): DbusNotifierMode {
    if (!this.connected) return 'unavailable';
    if (this.owner === null || this.caps === null) return 'no-server';
    return this.caps.actions ? 'actions' : 'plain';
  }

  /** Whether notifications carry buttons now (operations may always carry them: they are sent only where the server has actions). */
  hasButtons(): boolean {
    return this.mode() === 'actions';
  }

  /** Our own unique name on the bus (`:1.42`), for logs; null without a bus. */
  busName(): string | null {
    return this.bus?.name ?? null;
  }

  /** The server's name and version (`dunst dunstproject 1.9.0`), when one is there. */
  serverName(): string | null {
    return this.server;
  }

  /** The server's capabilities, when one is there. */
  capabilities(): ServerCaps | null {
    return this.caps;
  }

  apply(op: NotificationOp, callbacks: NotificationCallbacks): void {
    this.enqueue(() => (op.op === 'show' ? this.show(op, callbacks) : this.closeTag(op.tag)));
  }

  notice(text: NotificationText): void {
    this.enqueue(async () => {
      if (this.mode() === 'actions' || this.mode() === 'plain')
        await this.notify(noticeRequest(text, { caps: this.capsOrPlain(), icon: this.opts.icon }));
    });
  }

  /** Resolves once every operation applied so far reached the bus (tests and shutdown wait on it). */
  settled(): Promise<void> {
    return this.chain;
  }

  /** Closes every notification of ours (their buttons would answer nobody) and the connection. Idempotent. */
  async close(): Promise<void> {
    await this.chain;
    for (const tag of [...this.live.keys()]) await this.closeTag(tag);
    this.connected = false;
    await this.bus?.close().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const bus = this.bus;
    if (bus === null) return;
    bus.connection.on('error', (error: Error) => this.lost(error));
    bus.connection.on('end', () => this.lost(null));
    bus.connection.on('message', (msg: Message) => {
      if (msg.type === SIGNAL) this.enqueue(() => this.signal(msg));
    });
    try {
      // Signals first, so a server starting between the owner query and the match is not missed.
      await bus.addMatch(
        `type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='${SERVICE}'`,
      );
      await bus.addMatch(`type='signal',interface='${SERVICE}',path='${PATH}'`);
      const has = await bus.nameHasOwner(SERVICE);
      const owner = has ? await bus.getNameOwner(SERVICE) : '';
      // Through the queue like every signal, so an owner change arriving meanwhile is applied after this one.
      this.enqueue(() => this.ownerChanged(owner));
      await this.chain;
    } catch (error) {
      this.lost(error);
    }
  }

  private lost(error: unknown): void {
    if (!this.connected) return;
    this.connected = false;
    this.owner = null;
    this.logOnce('unavailable', 'warn', 'notifications.dbus.unavailable', {
      reason: error === null ? 'the session bus closed the connection' : message(error),
    });
  }

  private enqueue(task: () => Promise<void>): void {
    this.chain = this.chain
      .then(task)
      .catch((error: unknown) => this.opts.logger.log('warn', 'notifications.dbus.failed', { error: message(error) }));
  }

  private async signal(msg: Message): Promise<void> {
    const body = msg.body ?? [];
    // Only the bus itself says who owns the name: a client could send us a unicast "NameOwnerChanged"
    // naming itself, then "ActionInvoked" as the owner.
    if (msg.member === 'NameOwnerChanged')
      return msg.sender === BUS && body[0] === SERVICE ? this.ownerChanged(String(body[2] ?? '')) : undefined;
    if (msg.interface !== SERVICE || msg.sender !== this.owner || this.owner === null) return;
    if (msg.member === 'ActionInvoked') this.actionInvoked(Number(body[0]), String(body[1]));
    if (msg.member === 'NotificationReplied') this.replied(Number(body[0]), String(body[1] ?? ''));
    if (msg.member === 'NotificationClosed') this.closed(Number(body[0]));
  }

  /** A server came, went or was replaced: its ids mean nothing now; show every live notification again. */
  private async ownerChanged(owner: string): Promise<void> {
    const had = this.owner;
    this.owner = owner === '' ? null : owner;
    this.caps = null;
    this.server = null;
    this.byId.clear();
    for (const [tag, entry] of this.live) this.live.set(tag, { ...entry, id: null, actions: new Map() });
    if (this.owner === null) {
      this.opts.logger.log(had === null ? 'info' : 'warn', 'notifications.dbus.no-server', { previous: had });
      return;
    }
    try {
      const list = await this.call<string[]>('GetCapabilities', '', []);
      this.caps = serverCaps(Array.isArray(list) ? list.map(String) : []);
    } catch (error) {
      this.opts.logger.log('warn', 'notifications.dbus.capabilities-failed', { error: message(error) });
      this.caps = serverCaps([]);
    }
    const info = await this.call<unknown>('GetServerInformation', '', []).catch(() => null);
    // One answer holds name, vendor, version and spec version; some libraries give only the first.
    this.server = (Array.isArray(info) ? info.slice(0, 3).map(String).join(' ') : typeof info === 'string' ? info : '') || null;
    this.opts.logger.log('info', 'notifications.dbus.server', { owner: this.owner, server: this.server, capabilities: this.caps.all });
    if (!this.caps.actions)
      this.logOnce(`plain:${this.owner}`, 'warn', 'notifications.dbus.no-actions', {
        server: this.server,
        note: 'plain notifications: no Approve/Deny/Jump buttons',
      });
    for (const [, entry] of [...this.live]) await this.show(entry.op, entry.callbacks);
  }

  private actionInvoked(id: number, key: string): void {
    const tag = this.byId.get(id);
    const entry = tag === undefined ? undefined : this.live.get(tag);
    const action = entry?.actions.get(key);
    if (entry === undefined || action === undefined) {
      // A click on content we replaced meanwhile, or on a notification we no longer track: nothing is done.
      this.opts.logger.log('info', 'notifications.dbus.stale-action', { id, key });
      return;
    }
    entry.acted = true;
    entry.callbacks.onAction(action);
  }

  /** Text typed into the reply field (`inline-reply`): deny with it as the message, for the content shown. */
  private replied(id: number, text: string): void {
    const tag = this.byId.get(id);
    const entry = tag === undefined ? undefined : this.live.get(tag);
    const action = entry?.actions.get(INLINE_REPLY_KEY);
    if (entry === undefined || action?.kind !== 'deny' || text.trim() === '') {
      this.opts.logger.log('info', 'notifications.dbus.stale-reply', { id });
      return;
    }
    entry.acted = true;
    entry.callbacks.onAction({ ...action, message: text });
  }

  private closed(id: number): void {
    const tag = this.byId.get(id);
    if (tag === undefined) return;
    this.byId.delete(id);
    const entry = this.live.get(tag);
    if (entry === undefined) return;
    if (entry.acted) {
      // The server closes a notification after a button (GNOME does): the item may still wait
      // (the prompt changed, the key was not confirmed), so the next update shows it again.
      this.live.set(tag, { ...entry, id: null, actions: new Map() });
      return;
    }
    this.live.delete(tag);
    entry.callbacks.onDismissed(tag);
  }

  private async show(op: ShowOp, callbacks: NotificationCallbacks): Promise<void> {
    const before = this.live.get(op.tag);
    const keep: Entry = { op, callbacks, id: before?.id ?? null, actions: new Map(), acted: false };
    if (this.mode() !== 'actions' && this.mode() !== 'plain') {
      // No server now: remembered, shown when one comes.
      this.live.set(op.tag, keep);
      return;
    }
    this.generation += 1;
    const { request, actions } = showRequest(op, {
      replacesId: before?.id ?? 0,
      caps: this.capsOrPlain(),
      icon: this.opts.icon,
      generation: this.generation,
    });
    // Remembered before the call: a close arriving meanwhile finds it.
    this.live.set(op.tag, { ...keep, actions });
    const id = await this.notify(request);
    const now = this.live.get(op.tag);
    if (before !== undefined && before.id !== null && before.id !== id) this.byId.delete(before.id);
    if (now === undefined || now.op !== op) {
      // Closed or replaced while the call was in flight.
      if (id !== null && now === undefined) await this.call('CloseNotification', 'u', [id]).catch(() => undefined);
      return;
    }
    this.live.set(op.tag, { ...now, id });
    if (id !== null) this.byId.set(id, op.tag);
  }

  private async closeTag(tag: string): Promise<void> {
    const entry = this.live.get(tag);
    this.live.delete(tag);
    if (entry === undefined || entry.id === null) return;
    this.byId.delete(entry.id);
    if (this.owner === null) return;
    await this.call('CloseNotification', 'u', [entry.id]).catch((error: unknown) =>
      this.opts.logger.log('warn', 'notifications.dbus.close-failed', { error: message(error) }),
    );
  }

  private async notify(r: NotifyRequest): Promise<number | null> {
    const hints: Record<string, unknown> = {
      urgency: new dbus.Variant('y', r.hints.urgency),
      category: new dbus.Variant('s', r.hints.category),
      'suppress-sound': new dbus.Variant('b', r.hints.suppressSound),
      ...(r.hints.replyPlaceholder !== undefined
        ? { 'x-kde-reply-placeholder-text': new dbus.Variant('s', r.hints.replyPlaceholder) }
        : {}),
    };
    try {
      const id = await this.call<number>('Notify', 'susssasa{sv}i', [
        r.appName,
        r.replacesId,
        r.appIcon,
        r.summary,
        r.body,
        [...r.actions],
        hints,
        r.expireTimeout,
      ]);
      return Number(id);
    } catch (error) {
      this.opts.logger.log('warn', 'notifications.dbus.notify-failed', { error: message(error) });
      return null;
    }
  }

  private call<T>(member: string, signature: string, body: unknown[]): Promise<T> {
    if (this.bus === null || !this.connected) return Promise.reject(new Error('no session bus'));
    return Promise.resolve(this.bus.invoke<T>({ destination: SERVICE, path: PATH, interface: SERVICE, member, signature, body }));
  }

  private capsOrPlain(): ServerCaps {
    return this.caps ?? serverCaps([]);
  }

  private logOnce(key: string, level: LogLevel, event: string, fields: Record<string, unknown>): void {
    if (this.logged.has(key)) return;
    this.logged.add(key);
    this.opts.logger.log(level, event, fields);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
