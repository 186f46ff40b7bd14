/**
 * What each notification says. One notification per item, identified by a tag derived from the
 * item id, so a reminder replaces the earlier one instead of stacking; one summary instead of a
 * storm when the app starts with a full queue.
 */
import type { HostChangeDto } from '../../../preload/contract/events.ts';
import type { ActionOutcomeDto, QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { agentName, choicesToShow, wantsPhrase } from './item-words.ts';
import { truncate } from './text-fit.ts';
import { cleanExternalText } from '../text/clean-text.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';

/** Title and body, plus the whole sentence (for logs, tooltips and tests). */
export interface NotificationText {
  readonly title: string;
  readonly body: string;
  /** "claude · api-worker wants to run `rm -rf build`". */
  readonly sentence: string;
}

/** Escaped at output: no title or body of a notification carries a control or override, whatever fed it. */
function shown(text: NotificationText): NotificationText {
  return { title: cleanExternalText(text.title), body: cleanExternalText(text.body), sentence: cleanExternalText(text.sentence) };
}

/**
 * What a notification can ask for: the shell's actions of the same kinds, so a shell passes them
 * straight to its dispatcher. Approve and deny carry the fingerprint of the prompt the notification showed.
 */
export type NotificationAction =
  | { readonly kind: 'approve'; readonly itemId: string; readonly fingerprint: string }
  /** `message`: the text a reply field of the notification carried (deny with a message). */
  | { readonly kind: 'deny'; readonly itemId: string; readonly fingerprint: string; readonly message?: string }
  | { readonly kind: 'jump'; readonly itemId: string }
  | { readonly kind: 'open-queue'; readonly itemId: string | null };

/** A button on a notification (macOS, Windows, a freedesktop server with actions) and what it does. */
export interface NotificationButton {
  readonly text: string;
  readonly action: NotificationAction;
}

/** The tag (Electron `id`) of an item's notification: the same item always gets the same one. */
export function notificationTag(itemId: string): string {
  return `trailboss-item-${itemId}`;
}

/** The tag of a host's outage notification: its return replaces it, so a host has at most one up. */
export function hostNotificationTag(host: string): string {
  return `trailboss-host-${host}`;
}

/** The tag of the start-up summary. */
export const SUMMARY_TAG = 'trailboss-summary';

/** "4 min", "2 h 5 min", "3 d": how long an item has waited, for reminder bodies. */
export function waitedWords(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d`;
}

/**
 * The notification for an item at `now`. The first notice says what it wants; a reminder adds how
 * long it has waited; after the last reminder the title says it is stuck.
 */
export function itemNotificationText(item: QueueItemDto, now: number): NotificationText {
  const name = agentName(item);
  const wants = wantsPhrase(item);
  const waited = now - item.firstSeen;
  const title = item.stuck ? `Stuck: ${name}` : name;
  // The pane and the runtime, so the user knows which agent a button answers; another machine's
  // agent also says which machine, and whether it can be reached.
  const pane = item.host === null ? item.target : `${item.host}: ${item.target}`;
  const where = `${pane} · ${item.runtime}${item.unreachable ? ' · host unreachable' : ''}`;
  const when = item.stuck ? ` · stuck, waiting ${waitedWords(waited)}` : item.reminderStep > 0 ? ` · waiting ${waitedWords(waited)}` : '';
  const choices = choicesToShow(item);
  return shown({ title, body: `${wants}${choices === '' ? '' : `\n${choices}`}\n${where}${when}`, sentence: `${name} ${wants}` });
}

/** The one notification shown instead of many when the app starts with `count` items waiting. */
export function summaryNotificationText(items: readonly QueueItemDto[]): NotificationText {
  const count = items.length;
  const title = `${count} agents are waiting`;
  const names = items.slice(0, 3).map(agentName).join(', ');
  const body = truncate(`${names}${count > 3 ? ` and ${count - 3} more` : ''} — open the queue to answer them.`, 200);
  return shown({ title, body, sentence: `${title}: ${body}` });
}

/**
 * Approve / Deny / Jump buttons for an item, each label starting with the word it does. Approve
 * carries the exact option label it will choose and the fingerprint of the prompt this notification
 * shows; no Approve button when approve is impossible (the engine gives `approveLabel` only for a
 * high-confidence parse with a single-use option), no Deny button when deny is impossible.
 */
export function notificationButtons(item: QueueItemDto): NotificationButton[] {
  const buttons: NotificationButton[] = [];
  if (item.approveLabel !== null)
    buttons.push({ text: `Approve: ${item.approveLabel}`, action: { kind: 'approve', itemId: item.id, fingerprint: item.fingerprint } });
  if (item.denyLabel !== null) buttons.push({ text: 'Deny', action: { kind: 'deny', itemId: item.id, fingerprint: item.fingerprint } });
  buttons.push({ text: 'Jump', action: { kind: 'jump', itemId: item.id } });
  return buttons;
}

/** How pressing a notification is: a blocked agent interrupts, an idle one informs, a notice whispers. */
export type NotificationUrgency = 'low' | 'normal' | 'critical';

/**
 * The urgency of an item's notification. A prompt or dialog blocks the agent until answered, and a
 * stuck item has outlived every reminder: those are critical (freedesktop servers keep them up);
 * an idle or unrecognised agent is normal.
 */
export function itemUrgency(item: QueueItemDto): NotificationUrgency {
  if (item.stuck) return 'critical';
  switch (item.reason) {
    case 'permission':
    case 'dialog':
      return 'critical';
    case 'idle':
    case 'idle-after-nudges':
    case 'unknown':
      return 'normal';
    default:
      return assertNever(item.reason);
  }
}

/**
 * The freedesktop category of an item's notification: a vendor category per reason
 * (`x-trailboss.permission`), so a user's notification server can treat each kind its own way.
 */
export function itemCategory(item: QueueItemDto): string {
  return `x-trailboss.${item.reason}`;
}

/** "14:02" in UTC from epoch ms: when a host went out of sight (the body says "UTC"). */
function clockWords(ms: number): string {
  return new Date(ms).toISOString().slice(11, 16);
}

/**
 * What a host's change says: out of sight (its agents keep their place; nothing is sent until it is
 * back) or back. Null for a removed host (its notification is only withdrawn).
 */
export function hostNotificationText(change: HostChangeDto): NotificationText | null {
  switch (change.state) {
    case 'unreachable': {
      const title = `Host ${change.host} unreachable`;
      const body = `Since ${clockWords(change.since)} UTC. Its agents keep their place; nothing will be sent to them until it is back.`;
      // The reason carries ssh's own words (host key changed, refused, timed out): the fix starts there.
      return shown({ title, body, sentence: `${change.reason}. Its agents keep their place; nothing will be sent until it is back.` });
    }
    case 'reachable': {
      const title = `Host ${change.host} is back`;
      const body = `Reachable again since ${clockWords(change.since)} UTC. Its prompts are checked again before any key is sent.`;
      return shown({ title, body, sentence: `${title}: ${body}` });
    }
    case 'removed':
      return null;
    default:
      return assertNever(change);
  }
}

/** The category of a host's outage and return. */
export const HOST_CATEGORY = 'x-trailboss.host';

/** The category of the start-up summary and of one-off notices. */
export const SUMMARY_CATEGORY = 'x-trailboss.summary';
export const NOTICE_CATEGORY = 'x-trailboss.notice';

/** A short notice for an action started from the tray, a notification or a hotkey that did not simply succeed. */
export function outcomeNotificationText(outcome: ActionOutcomeDto): NotificationText | null {
  if (outcome.outcome === 'confirmed') return null;
  const titles = {
    unconfirmed: `${outcome.action}: sent, not confirmed`,
    changed: `${outcome.action}: not sent — the prompt changed`,
    gone: `${outcome.action}: not sent — the agent is gone`,
    refused: `${outcome.action}: not done`,
  } as const;
  const title = titles[outcome.outcome];
  return shown({ title, body: outcome.message, sentence: `${title}: ${outcome.message}` });
}
