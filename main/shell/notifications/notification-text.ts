/**
 * What each notification says. One notification per item, identified by a tag derived from the
 * item id, so a reminder replaces the earlier one instead of stacking; one summary instead of a
 * storm when the app starts with a full queue.
 */
import type { ActionOutcomeDto, QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { agentName, wantsPhrase } from '../app/item-words.ts';
import type { ShellAction } from '../app/shell-action.ts';
import { truncate } from '../app/text-fit.ts';

/** Title and body, plus the whole sentence (for logs, tooltips and tests). */
export interface NotificationText {
  readonly title: string;
  readonly body: string;
  /** "claude · api-worker wants to run `rm -rf build`". */
  readonly sentence: string;
}

/** A button on a notification (macOS, Windows) and what it does. */
export interface NotificationButton {
  readonly text: string;
  readonly action: ShellAction;
}

/** The tag (Electron `id`) of an item's notification: the same item always gets the same one. */
export function notificationTag(itemId: string): string {
  return `trailboss-item-${itemId}`;
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
  // Another machine's agent says which machine, and whether it can be reached.
  const where = item.host === null ? item.target : `${item.host}: ${item.target}${item.unreachable ? ' · host unreachable' : ''}`;
  const when = item.stuck ? ` · stuck, waiting ${waitedWords(waited)}` : item.reminderStep > 0 ? ` · waiting ${waitedWords(waited)}` : '';
  return { title, body: `${wants}\n${where}${when}`, sentence: `${name} ${wants}` };
}

/** The one notification shown instead of many when the app starts with `count` items waiting. */
export function summaryNotificationText(items: readonly QueueItemDto[]): NotificationText {
  const count = items.length;
  const title = `${count} agents are waiting`;
  const names = items.slice(0, 3).map(agentName).join(', ');
  const body = truncate(`${names}${count > 3 ? ` and ${count - 3} more` : ''} — open the queue to answer them.`, 200);
  return { title, body, sentence: `${title}: ${body}` };
}

/**
 * Approve / Deny buttons for an item. Approve carries the exact option label it will choose and
 * the fingerprint of the prompt this notification shows; no Approve button when approve is impossible.
 */
export function notificationButtons(item: QueueItemDto): NotificationButton[] {
  const buttons: NotificationButton[] = [];
  if (item.approveLabel !== null) buttons.push({ text: `Approve: ${item.approveLabel}`, action: { kind: 'approve', itemId: item.id, fingerprint: item.fingerprint } });
  if (item.denyLabel !== null) buttons.push({ text: 'Deny', action: { kind: 'deny', itemId: item.id, fingerprint: item.fingerprint } });
  return buttons;
}

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
  return { title, body: outcome.message, sentence: `${title}: ${outcome.message}` };
}
