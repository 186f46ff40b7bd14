/**
 * One waiting item as a Telegram message (pure): a header (runtime · session:window.pane · host),
 * what it asks, the pane's last lines as preformatted text (unless turned off), and the buttons the
 * desk offers for it — `Approve: <exact option label>` only where approve is possible, `Deny` only
 * where deny is, `Snooze 30m` always. Every piece is cleaned and cut before it is escaped, so the
 * visible text stays within Telegram's 4096 characters.
 *
 * What Approve would answer (the tool, its command or file, the question, the option) is never
 * masked or cut under an Approve button: an agent could hide `API_KEY="$(curl …|sh)"` behind a mask.
 * Where masking or cutting would change it, the message shows the masked text, offers no Approve and
 * says why (the desk shows it in full). Secrets are masked in the pane's tail only.
 */
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { PhoneAction, TokenAction } from '../store/index.ts';
import { cleanForChat, cutUtf16, escapeHtml, keepEndUtf16, maskSecrets } from './chat-text.ts';

/** A button before it gets its token. */
export interface PlannedButton {
  readonly text: string;
  readonly action: PhoneAction;
}

/** What to send for an item. */
export interface ItemMessage {
  /** The first line alone (escaped HTML), kept for outcome edits. */
  readonly header: string;
  readonly html: string;
  /** The desk's buttons, and on a permission prompt with Deny, `Deny with a message…` (`chatButtons`). */
  readonly buttons: readonly { readonly text: string; readonly action: TokenAction }[];
}

/** The button that asks for a denial's text (a forced reply, a Slack form); it does not deny by itself. */
export const DENY_ASK_TEXT = 'Deny with a message…';

/** How the message is made. */
export interface MessageOptions {
  /** Include the pane's last lines. */
  readonly tail: boolean;
  /** 0 for the first message, then the reminder's step. */
  readonly step: number;
}

export const TAIL_LINES = 15;
export const TAIL_MAX = 2500;
export const SUBJECT_MAX = 600;
export const LINE_MAX = 300;
export const LABEL_MAX = 48;

/** Cleaned one-line text (masked unless `exact`), cut to `max` (not escaped: each chat escapes for its format). */
export const oneLine = (text: string, max: number, exact = false): string => {
  const clean = cleanForChat(text);
  return cutUtf16((exact ? clean : maskSecrets(clean)).replace(/\s*\n\s*/g, ' ').trim(), max);
};

/** Escaped, cleaned, masked, cut one-line text. */
const inline = (text: string, max: number): string => escapeHtml(oneLine(text, max));

/** The parts of the item that Approve answers, with the room each gets in the message. */
function approvedParts(item: QueueItemDto): [string, number][] {
  const parts: [string | null, number][] = [
    [item.tool, LINE_MAX],
    [item.subject, SUBJECT_MAX],
    [item.question, LINE_MAX],
    [item.approveLabel, LINE_MAX],
  ];
  return parts.filter((p): p is [string, number] => p[0] !== null);
}

/**
 * Why the message cannot show exactly what Approve answers (null when it can): masking would change
 * it, or it does not fit. Then the phone offers no Approve for it.
 */
export function approveHiddenReason(item: QueueItemDto): string | null {
  if (item.approveLabel === null) return null;
  const parts = approvedParts(item);
  if (parts.some(([text]) => maskSecrets(cleanForChat(text)) !== cleanForChat(text)))
    return 'part of what it asks looks like a secret and is hidden here (•••); answer at the desk, which shows it in full';
  if (parts.some(([text, max]) => oneLine(text, max, true) !== oneLine(text, Infinity, true)))
    return 'what it asks is too long to show here in full; answer at the desk';
  return null;
}

/** The message's first line: runtime · target · host. */
export function itemHeader(item: QueueItemDto): string {
  return `<b>${inline(`${item.runtime} · ${item.target} · ${item.host ?? 'this machine'}`, LINE_MAX)}</b>`;
}

function asks(item: QueueItemDto): string[] {
  switch (item.reason) {
    case 'permission':
      return [
        `🟡 asks permission: ${item.tool ? `<b>${inline(item.tool, LINE_MAX)}</b> ` : ''}<code>${inline(item.subject, SUBJECT_MAX)}</code>`,
        // Text to a prompt (not to an agent waiting for input): the reply is a denial with a message.
        ...(item.denyLabel !== null ? ['✍️ Reply to this message to deny it and tell the agent what to do instead.'] : []),
      ];
    case 'dialog':
      return [`🔷 shows a dialog: <b>${inline(item.question ?? item.subject, LINE_MAX)}</b>`];
    case 'idle':
    case 'idle-after-nudges':
      return [`💬 waits for input. Reply to this message to type into it.`];
    case 'unknown':
      return [`❔ may be waiting: ${inline(item.subject, SUBJECT_MAX)}`];
  }
}

function tailBlock(item: QueueItemDto): string[] {
  const lines = item.tail.map((l) => cleanForChat(l).trimEnd());
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  const text = keepEndUtf16(maskSecrets(lines.slice(-TAIL_LINES).join('\n')), TAIL_MAX);
  return text.trim() === '' ? [] : [`<pre>${escapeHtml(text)}</pre>`];
}

/** The buttons the desk would offer for this item (the queue DTO says what is possible). */
export function plannedButtons(item: QueueItemDto): PlannedButton[] {
  const out: PlannedButton[] = [];
  if (item.approveLabel !== null && approveHiddenReason(item) === null)
    out.push({ text: `Approve: ${cutUtf16(cleanForChat(item.approveLabel).trim(), LABEL_MAX)}`, action: 'approve' });
  if (item.denyLabel !== null && (item.reason === 'permission' || item.reason === 'dialog')) out.push({ text: 'Deny', action: 'deny' });
  out.push({ text: 'Snooze 30m', action: 'snooze' });
  return out;
}

/** The message for `item`. */
export function itemMessage(item: QueueItemDto, opts: MessageOptions): ItemMessage {
  const header = itemHeader(item);
  const lines = [header, ...asks(item)];
  if (item.question && item.reason === 'permission') lines.push(`<i>${inline(item.question, LINE_MAX)}</i>`);
  if (item.approveLabel === null && item.approveBlockedReason && item.reason === 'permission')
    lines.push(`No approve here: ${inline(item.approveBlockedReason, LINE_MAX)}`);
  const hidden = approveHiddenReason(item);
  if (hidden !== null) lines.push(`No approve here: ${escapeHtml(hidden)}.`);
  // The button shows the option's first characters; a longer one is spelled out.
  const label = item.approveLabel === null ? '' : cleanForChat(item.approveLabel).trim();
  if (hidden === null && label.length > LABEL_MAX) lines.push(`Approve answers: <b>${escapeHtml(oneLine(label, LINE_MAX, true))}</b>`);
  if (opts.tail) lines.push(...tailBlock(item));
  if (item.stuck) lines.push('⌛ Still waiting after every reminder (stuck).');
  else if (opts.step > 0) lines.push(`⏰ Reminder ${opts.step}: still waiting.`);
  return { header, html: lines.join('\n'), buttons: chatButtons(item) };
}

/**
 * The desk's buttons, and on a permission prompt that offers Deny, `Deny with a message…` after it
 * (both chats: Telegram asks for the text with a forced reply, Slack with a form). Where the runtime
 * or the screen cannot carry a message, the engine's deny answers `refused` with the reason.
 */
export function chatButtons(item: QueueItemDto): { readonly text: string; readonly action: TokenAction }[] {
  const buttons = plannedButtons(item);
  const deny = buttons.findIndex((b) => b.action === 'deny');
  return item.reason === 'permission' && deny >= 0
    ? [...buttons.slice(0, deny + 1), { text: DENY_ASK_TEXT, action: 'deny-ask' as const }, ...buttons.slice(deny + 1)]
    : buttons;
}

/** A local wall-clock time, `14:02`. */
export function clockTime(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** The text a message is edited to when its item is settled: its header and what happened. */
export function outcomeHtml(header: string, outcome: string): string {
  return `${header}\n${escapeHtml(outcome)}`;
}
