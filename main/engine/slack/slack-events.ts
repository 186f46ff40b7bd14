/**
 * What the channel accepts from the socket, checked with zod: everything from Slack's side is hostile
 * input. An envelope that does not fit is skipped, never a crash. Shapes:
 * https://api.slack.com/events/message/im (a DM, `channel_type: "im"`; messages with a `subtype` or a
 * `bot_id` are edits, joins or bots — the bot's own posts among them — and are not the user typing)
 * and https://api.slack.com/reference/interaction-payloads/block-actions (a press: `user.id`, the
 * message's channel and `ts`, the button's `value`, and a `trigger_id` that may open a modal for 3 s),
 * and https://api.slack.com/reference/interaction-payloads/views (a form submitted: `user.id`, the
 * view's `callback_id`, `private_metadata` and `state.values[block_id][action_id].value`; it names no
 * channel).
 */
import { z } from 'zod';
import { DENY_FORM_ACTION, DENY_FORM_BLOCK, DENY_FORM_CALLBACK } from './slack-deny-form.ts';
import type { SlackEnvelope } from './slack-socket.ts';

const id = z.string().min(1).max(64);
const ts = z.string().regex(/^\d{1,12}\.\d{1,9}$/);

const messageEvent = z.object({
  type: z.literal('message'),
  channel: id,
  channel_type: z.string().max(32).optional(),
  user: id.optional(),
  text: z.string().max(40_000).optional(),
  ts,
  thread_ts: ts.optional(),
  subtype: z.string().optional(),
  bot_id: z.string().optional(),
});

const blockActions = z.object({
  type: z.literal('block_actions'),
  user: z.object({ id }),
  container: z.object({ message_ts: ts.optional(), channel_id: id.optional() }).optional(),
  channel: z.object({ id }).optional(),
  message: z.object({ ts }).optional(),
  actions: z.array(z.object({ action_id: z.string().max(255), value: z.string().max(2000).optional() })).min(1),
  trigger_id: z.string().max(255).optional(),
});

const viewSubmission = z.object({
  type: z.literal('view_submission'),
  user: z.object({ id }),
  view: z.object({
    id: z.string().max(64).optional(),
    callback_id: z.string().max(255).optional(),
    private_metadata: z.string().max(3000).optional(),
    state: z
      .object({
        values: z.record(z.string(), z.record(z.string(), z.object({ value: z.string().max(40_000).nullable().optional() }).passthrough())),
      })
      .optional(),
  }),
});

/** A DM or a press, or something the channel ignores. */
export type SlackInput =
  | {
      readonly kind: 'message';
      readonly userId: string;
      readonly channelId: string;
      readonly channelType: string;
      readonly ts: string;
      readonly threadTs: string | null;
      readonly text: string;
    }
  | {
      readonly kind: 'press';
      readonly userId: string;
      readonly channelId: string;
      readonly ts: string;
      readonly value: string;
      /** Opens a modal (`views.open`) within 3 s of the press; null if Slack sent none. */
      readonly triggerId: string | null;
    }
  /** The `Deny with a message…` form submitted: the press token it carries and the text (null: none). */
  | { readonly kind: 'submit'; readonly userId: string; readonly data: string; readonly text: string | null }
  | { readonly kind: 'other' };

/** Read an acknowledged envelope. */
export function readEnvelope(e: Pick<SlackEnvelope, 'type' | 'body'>): SlackInput {
  if (e.type === 'events_api') {
    const m = messageEvent.safeParse((e.body as { event?: unknown } | null)?.event);
    if (!m.success || m.data.subtype !== undefined || m.data.bot_id !== undefined || !m.data.user || m.data.text === undefined)
      return { kind: 'other' };
    return {
      kind: 'message',
      userId: m.data.user,
      channelId: m.data.channel,
      channelType: m.data.channel_type ?? '',
      ts: m.data.ts,
      threadTs: m.data.thread_ts ?? null,
      text: m.data.text,
    };
  }
  if (e.type === 'interactive') {
    const v = viewSubmission.safeParse(e.body);
    if (v.success) {
      if (v.data.view.callback_id !== DENY_FORM_CALLBACK) return { kind: 'other' };
      const text = v.data.view.state?.values[DENY_FORM_BLOCK]?.[DENY_FORM_ACTION]?.value ?? null;
      return { kind: 'submit', userId: v.data.user.id, data: v.data.view.private_metadata ?? '', text };
    }
    const p = blockActions.safeParse(e.body);
    if (!p.success) return { kind: 'other' };
    const channelId = p.data.container?.channel_id ?? p.data.channel?.id;
    const messageTs = p.data.container?.message_ts ?? p.data.message?.ts;
    if (!channelId || !messageTs) return { kind: 'other' };
    return {
      kind: 'press',
      userId: p.data.user.id,
      channelId,
      ts: messageTs,
      value: p.data.actions[0]!.value ?? '',
      triggerId: p.data.trigger_id ?? null,
    };
  }
  return { kind: 'other' };
}
