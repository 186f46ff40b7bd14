/**
 * What one freedesktop `Notify` call says for a policy operation: summary, body, action keys and
 * labels, hints, timeout. Pure, so the labels, the escaping and the action table are tested without
 * a bus; the adapter (dbus-notifier.ts) only sends what this returns.
 */
import type { NotificationOp } from '../notification-policy.ts';
import type { NotificationAction, NotificationText, NotificationUrgency } from '../notification-text.ts';
import { NOTICE_CATEGORY } from '../notification-text.ts';
import { INLINE_REPLY_KEY, INLINE_REPLY_LABEL, INLINE_REPLY_PLACEHOLDER, inlineReplyFor } from './inline-reply.ts';

/** The app name every notification carries (servers group and filter by it). */
export const APP_NAME = 'Trail Boss';

/** What the server said it can do (`GetCapabilities`). */
export interface ServerCaps {
  /** Buttons and body clicks report back (`ActionInvoked`). */
  readonly actions: boolean;
  /** The server renders the body as markup: pane text must be escaped. */
  readonly bodyMarkup: boolean;
  readonly all: readonly string[];
}

/** Reads a `GetCapabilities` answer. */
export function serverCaps(list: readonly string[]): ServerCaps {
  return { actions: list.includes('actions'), bodyMarkup: list.includes('body-markup'), all: [...list] };
}

/** One `Notify(susssasa{sv}i)` call, field by field. */
export interface NotifyRequest {
  readonly appName: string;
  readonly replacesId: number;
  readonly appIcon: string;
  readonly summary: string;
  readonly body: string;
  /** Key, label, key, label, … as the spec wants them. */
  readonly actions: readonly string[];
  readonly hints: {
    readonly urgency: 0 | 1 | 2;
    readonly category: string;
    readonly suppressSound: boolean;
    /** The inline reply field's placeholder, where one is offered. */
    readonly replyPlaceholder?: string;
  };
  /** 0: stays until closed (a waiting agent keeps waiting); -1: the server's default. */
  readonly expireTimeout: number;
}

/** A show request and what each of its action keys does. */
export interface ShowRequest {
  readonly request: NotifyRequest;
  readonly actions: ReadonlyMap<string, NotificationAction>;
}

/** The spec's action key for a click on the body. */
export const DEFAULT_ACTION = 'default';

const URGENCY: Record<NotificationUrgency, 0 | 1 | 2> = { low: 0, normal: 1, critical: 2 };

/**
 * Escapes the three characters the spec's body markup gives meaning to. Pane text is plain text:
 * a command like `a <b> && c` must show as typed, never as bold, never as a link.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function bodyFor(text: string, caps: ServerCaps): string {
  return caps.bodyMarkup ? escapeMarkup(text) : text;
}

/**
 * The request for a policy `show`. Buttons become actions only where the server has them; a click
 * on an item's body jumps to its pane (the spec's `default` action), like the Jump button.
 *
 * Each button's key is its kind and the content's `generation` (`approve-3`): a replaced
 * notification keeps its server id, so a click on what the user saw before the replacement must
 * not match the new content's buttons. A key never carries pane text.
 */
/** `icon`: a theme icon name or an absolute path; empty picks one per kind of wait. */
export function showRequest(
  op: Extract<NotificationOp, { op: 'show' }>,
  opts: { replacesId: number; caps: ServerCaps; icon: string; generation: number },
): ShowRequest {
  const actions = new Map<string, NotificationAction>();
  const pairs: string[] = [];
  if (opts.caps.actions) {
    if (op.itemId !== null) {
      actions.set(DEFAULT_ACTION, { kind: 'jump', itemId: op.itemId });
      pairs.push(DEFAULT_ACTION, 'Jump');
    }
    for (const button of op.buttons) {
      const key = `${button.action.kind}-${opts.generation}`;
      if (actions.has(key)) continue;
      actions.set(key, button.action);
      pairs.push(key, button.text);
    }
  }
  const reply = inlineReplyFor(op, opts.caps);
  if (reply !== null) {
    actions.set(INLINE_REPLY_KEY, reply);
    pairs.push(INLINE_REPLY_KEY, INLINE_REPLY_LABEL);
  }
  return {
    request: {
      appName: APP_NAME,
      replacesId: opts.replacesId,
      appIcon: opts.icon === '' ? iconFor(op.category) : opts.icon,
      summary: op.text.title,
      body: bodyFor(op.text.body, opts.caps),
      actions: pairs,
      hints: {
        urgency: URGENCY[op.urgency],
        category: op.category,
        suppressSound: op.silent,
        ...(reply !== null ? { replyPlaceholder: INLINE_REPLY_PLACEHOLDER } : {}),
      },
      expireTimeout: op.itemId === null ? -1 : 0,
    },
    actions,
  };
}

/** A freedesktop theme icon per kind of wait: a question for prompts and dialogs, information for idle agents. */
export function iconFor(category: string): string {
  if (category.endsWith('.permission') || category.endsWith('.dialog')) return 'dialog-question';
  if (category.endsWith('.unknown')) return 'dialog-warning';
  // A host out of sight: the network's own icon says what kind of trouble it is.
  if (category.endsWith('.host')) return 'network-offline';
  return 'dialog-information';
}

/** The request for a one-off notice (an action that did not simply succeed): quiet, low, no buttons. */
export function noticeRequest(text: NotificationText, opts: { caps: ServerCaps; icon: string }): NotifyRequest {
  return {
    appName: APP_NAME,
    replacesId: 0,
    appIcon: opts.icon === '' ? 'dialog-information' : opts.icon,
    summary: text.title,
    body: bodyFor(text.body, opts.caps),
    actions: [],
    hints: { urgency: URGENCY.low, category: NOTICE_CATEGORY, suppressSound: true },
    expireTimeout: -1,
  };
}
