/**
 * What the channel accepts from `getUpdates`, checked with zod: everything from a chat is hostile
 * input. An update that does not fit is skipped (its offset still advances), never a crash.
 * Shapes: https://core.telegram.org/bots/api#update, #message, #callbackquery.
 */
import { z } from 'zod';
import { cleanExternalText } from '../text/clean-text.ts';

const user = z.object({
  id: z.number().int(),
  is_bot: z.boolean().optional(),
  first_name: z.string().max(256),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
});
const chat = z.object({
  id: z.number().int(),
  type: z.string().max(32),
  first_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
});
const messageRef = z.object({ message_id: z.number().int(), chat });
const message = z.object({
  message_id: z.number().int(),
  from: user.optional(),
  chat,
  date: z.number(),
  text: z.string().max(10_000).optional(),
  reply_to_message: messageRef.optional(),
});
const callbackQuery = z.object({
  id: z.string().min(1).max(128),
  from: user,
  message: messageRef.optional(),
  data: z.string().max(256).optional(),
});

/** A Telegram user as the channel needs it. */
export type TelegramUser = z.infer<typeof user>;

/** An update the channel understands, or `other` (skipped) with its id. */
export type ChannelUpdate =
  | { readonly kind: 'message'; readonly updateId: number; readonly message: z.infer<typeof message> }
  | { readonly kind: 'press'; readonly updateId: number; readonly press: z.infer<typeof callbackQuery> }
  | { readonly kind: 'other'; readonly updateId: number };

const envelope = z.object({ update_id: z.number().int().nonnegative() });

/** Read `getUpdates`' result: the updates with an id, classified; anything without an id is dropped. */
export function readUpdates(result: unknown): ChannelUpdate[] {
  if (!Array.isArray(result)) return [];
  const out: ChannelUpdate[] = [];
  for (const raw of result) {
    const id = envelope.safeParse(raw);
    if (!id.success) continue;
    const updateId = id.data.update_id;
    const body = raw as Record<string, unknown>;
    const m = message.safeParse(body['message']);
    const p = callbackQuery.safeParse(body['callback_query']);
    if (m.success) out.push({ kind: 'message', updateId, message: m.data });
    else if (p.success) out.push({ kind: 'press', updateId, press: p.data });
    else out.push({ kind: 'other', updateId });
  }
  return out;
}

/** A Telegram user's display name ("Ada Lovelace (@ada)"), cleaned, at most 100 characters. */
export function displayName(u: TelegramUser): string {
  const name = [u.first_name, u.last_name].filter(Boolean).join(' ');
  return cleanExternalText(u.username ? `${name} (@${u.username})` : name).slice(0, 100);
}
