/**
 * One waiting item as a Slack message (pure): Block Kit sections with the header (runtime ·
 * session:window.pane · host), what it asks, the pane's last lines in a code block (unless turned
 * off), then the buttons the desk offers for it — the same plan as Telegram's (`chatButtons`):
 * `Approve: <exact option label>` only where approve is possible, `Deny` only where deny is, `Deny with
 * a message…` on a permission prompt with Deny (it opens a form, slack-deny-form.ts), `Snooze 30m` always. Text is cleaned and masked as for Telegram, cut, then escaped for mrkdwn, which needs
 * only `&`, `<` and `>` (https://api.slack.com/reference/surfaces/formatting#escaping); a section
 * holds at most 3000 characters and a button's text 75
 * (https://api.slack.com/reference/block-kit/blocks#section, …/block-elements#button).
 */
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { cleanForChat, cutUtf16, escapeHtml as escapeMrkdwn, keepEndUtf16, maskSecrets } from '../phone/chat-text.ts';
import type { TokenAction } from '../store/index.ts';
import {
  approveHiddenReason,
  chatButtons,
  LABEL_MAX,
  LINE_MAX,
  oneLine,
  SUBJECT_MAX,
  TAIL_LINES,
  TAIL_MAX,
} from '../phone/item-message.ts';

/** A Block Kit block, as sent. */
export type Block = Record<string, unknown>;

/** What to post for an item. */
export interface SlackItemMessage {
  /** The first line (escaped mrkdwn), kept for outcome edits. */
  readonly header: string;
  /** The notification text (plain, escaped): what a phone's banner shows. */
  readonly text: string;
  readonly blocks: readonly Block[];
  readonly buttons: readonly ChatButton[];
}

/** A button before it gets its token. */
export interface ChatButton {
  readonly text: string;
  readonly action: TokenAction;
}

const SECTION_MAX = 3000;
const BUTTON_MAX = 75;

/** Cleaned, masked, on one line, cut, escaped for mrkdwn. */
const inline = (text: string, max: number): string => escapeMrkdwn(oneLine(text, max));

/** The message's first line: runtime · target · host, in bold. */
export function slackHeader(item: QueueItemDto): string {
  return `*${inline(`${item.runtime} · ${item.target} · ${item.host ?? 'this machine'}`, LINE_MAX).replace(/\*/g, '∗')}*`;
}

/** What kind of wait it is (mrkdwn, no text from the pane). */
function kindLine(item: QueueItemDto): string {
  switch (item.reason) {
    case 'permission':
      // Text to a prompt (not to an agent waiting for input): the reply is a denial with a message.
      return `:large_yellow_circle: asks permission:${item.denyLabel !== null ? ' (reply in this thread to deny it and tell the agent what to do instead)' : ''}`;
    case 'dialog':
      return ':large_blue_diamond: shows a dialog:';
    case 'idle':
    case 'idle-after-nudges':
      return ':speech_balloon: waits for input. Reply in this thread to type into it.';
    case 'unknown':
      return ':grey_question: may be waiting:';
  }
}

/**
 * What it asks, as plain text: Slack shows a `plain_text` section as it is, with no formatting and no
 * escaping, so the tool, command, question and option read exactly as the desk shows them (where
 * masking or cutting would change them, the plan offers no Approve and this says why).
 */
function askedText(item: QueueItemDto): string | null {
  const lines: string[] = [];
  if (item.reason === 'permission')
    lines.push(`${item.tool ? `${oneLine(item.tool, LINE_MAX)}: ` : ''}${oneLine(item.subject, SUBJECT_MAX)}`);
  else if (item.reason === 'dialog') lines.push(oneLine(item.question ?? item.subject, LINE_MAX));
  else if (item.reason === 'unknown') lines.push(oneLine(item.subject, SUBJECT_MAX));
  if (item.question && item.reason === 'permission') lines.push(oneLine(item.question, LINE_MAX));
  if (item.approveLabel === null && item.approveBlockedReason && item.reason === 'permission')
    lines.push(`No approve here: ${oneLine(item.approveBlockedReason, LINE_MAX)}`);
  const hidden = approveHiddenReason(item);
  if (hidden !== null) lines.push(`No approve here: ${hidden}.`);
  // The button shows the option's first characters; a longer one is spelled out.
  const label = item.approveLabel === null ? '' : cleanForChat(item.approveLabel).trim();
  if (hidden === null && label.length > LABEL_MAX) lines.push(`Approve answers: ${oneLine(label, LINE_MAX, true)}`);
  const text = lines.filter((l) => l !== '').join('\n');
  return text === '' ? null : cutUtf16(text, SECTION_MAX);
}

/** The pane's last lines as a code block, within a section's 3000 characters after escaping. */
function tailSection(item: QueueItemDto): Block[] {
  const lines = item.tail.map((l) => cleanForChat(l).trimEnd());
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  let max = TAIL_MAX;
  for (;;) {
    const text = keepEndUtf16(maskSecrets(lines.slice(-TAIL_LINES).join('\n')), max);
    if (text.trim() === '') return [];
    const body = escapeMrkdwn(text).replace(/```/g, 'ˋˋˋ');
    // Escaping can lengthen the text (`&` → `&amp;`): cut more until the block fits.
    if (body.length + 6 <= SECTION_MAX) return [section(`\`\`\`${body}\`\`\``)];
    max = Math.floor(max * 0.8);
  }
}

function section(text: string): Block {
  return { type: 'section', text: { type: 'mrkdwn', text } };
}

/** The message for `item`; each button gets its one-time `value` (`buttonsBlock`). */
export function slackItemMessage(item: QueueItemDto, opts: { tail: boolean; step: number }): SlackItemMessage {
  const header = slackHeader(item);
  const blocks: Block[] = [section(`${header}\n${kindLine(item)}`)];
  const asked = askedText(item);
  if (asked !== null) blocks.push({ type: 'section', text: { type: 'plain_text', text: asked, emoji: false } });
  if (opts.tail) blocks.push(...tailSection(item));
  if (item.stuck) blocks.push(context(':hourglass: Still waiting after every reminder (stuck).'));
  else if (opts.step > 0) blocks.push(context(`:alarm_clock: Reminder ${opts.step}: still waiting.`));
  const text = `${inline(`${item.runtime} · ${item.target}`, LINE_MAX)}: ${item.reason === 'permission' ? 'asks permission' : item.reason === 'dialog' ? 'shows a dialog' : 'waits'}`;
  return { header, text, blocks, buttons: chatButtons(item) };
}

function context(text: string): Block {
  return { type: 'context', elements: [{ type: 'mrkdwn', text }] };
}

/** The actions block: one button per planned button, carrying its token. */
export function buttonsBlock(buttons: readonly (ChatButton & { readonly data: string })[]): Block {
  return {
    type: 'actions',
    block_id: 'trailboss',
    elements: buttons.map((b) => ({
      type: 'button',
      action_id: `tb-${b.action}`,
      text: { type: 'plain_text', text: cutUtf16(b.text, BUTTON_MAX), emoji: false },
      value: b.data,
      ...(b.action === 'approve' ? { style: 'primary' } : b.action === 'deny' ? { style: 'danger' } : {}),
    })),
  };
}

/** What a settled message is updated to: its header and what happened, no buttons. */
export function slackOutcome(header: string, outcome: string): { text: string; blocks: Block[] } {
  const said = escapeMrkdwn(cutUtf16(outcome, 1000));
  return { text: said, blocks: [section(`${header}\n${said}`)] };
}
