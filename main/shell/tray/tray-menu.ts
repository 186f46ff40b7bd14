/**
 * The tray menu as a pure function of the queue and the pause state. It returns plain data
 * (labels, enabled flags, actions); tray.ts maps it onto Electron's Menu. Rebuilt only when its
 * input changes, so an open menu is not torn down by a timer.
 */
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { agentName, wantsPhrase } from '../../engine/notify/item-words.ts';
import { isPaused, pauseDescription } from '../../engine/notify/pause.ts';
import { queueView } from '../../engine/notify/waiting-items.ts';
import type { ShellAction } from '../app/shell-action.ts';
import type { ShellProblem } from '../app/shell-problem.ts';
import { truncate } from '../../engine/notify/text-fit.ts';

/** One entry of the menu. `id` is stable for the same item and action (tests and the e2e hook find entries by it). */
export type TrayMenuEntry =
  | {
      readonly type: 'action';
      readonly id: string;
      readonly label: string;
      readonly enabled: boolean;
      readonly action: ShellAction | null;
      /** Set for a checkbox entry (start at login). */
      readonly checked?: boolean;
    }
  | { readonly type: 'submenu'; readonly id: string; readonly label: string; readonly entries: readonly TrayMenuEntry[] }
  | { readonly type: 'separator'; readonly id: string };

/** The whole menu plus the numbers it was built from. */
export interface TrayMenuModel {
  readonly entries: readonly TrayMenuEntry[];
  readonly count: number;
  readonly stuck: boolean;
}

/** What the menu is built from. */
export interface TrayMenuInput {
  readonly items: readonly QueueItemDto[];
  readonly now: number;
  readonly pausedUntil: number | null;
  /** How many of the oldest items get their own submenu (default 5). */
  readonly maxItems?: number;
  /** Formats an epoch ms as a local clock time ("14:05"), for "Paused until 14:05". */
  readonly clockTime: (ms: number) => string;
  /** Whether the app starts at login; null where the shell cannot manage that (the entry is left out). */
  readonly startAtLogin?: boolean | null;
  /** Something that stops the app from watching anything (no tmux): it replaces the headline, with its fix below. */
  readonly problem?: ShellProblem | null;
}

const LABEL_MAX = 60;
/** A disabled approve entry explains itself; the reasons the engine gives fit in this. */
const REASON_MAX = 100;
/** The fix for a problem is a sentence or two; menus on every platform show this much on one line. */
const PROBLEM_MAX = 160;

function action(id: string, label: string, act: ShellAction | null, enabled = act !== null): TrayMenuEntry {
  return { type: 'action', id, label, enabled, action: act };
}

function headline(count: number, stuckCount: number): string {
  if (count === 0) return 'No agent is waiting';
  const agents = count === 1 ? '1 agent is waiting' : `${count} agents are waiting`;
  return stuckCount === 0 ? agents : `${agents} · ${stuckCount} stuck`;
}

/** One item's submenu: approve (exact option label) when possible, deny, jump, open in the queue. */
function itemEntries(item: QueueItemDto): TrayMenuEntry[] {
  const key = `item:${item.id}`;
  const entries: TrayMenuEntry[] = [action(`${key}:what`, truncate(wantsPhrase(item), LABEL_MAX), null)];
  if (item.approveLabel !== null) {
    entries.push(
      action(`${key}:approve`, `Approve: ${item.approveLabel}`, { kind: 'approve', itemId: item.id, fingerprint: item.fingerprint }),
    );
  } else if (item.reason === 'permission') {
    // Shown disabled with the reason: an absent button would leave the user wondering why.
    entries.push(
      action(`${key}:approve`, truncate(`Cannot approve: ${item.approveBlockedReason ?? 'no single-use option'}`, REASON_MAX), null, false),
    );
  }
  if (item.denyLabel !== null) {
    entries.push(action(`${key}:deny`, `Deny: ${item.denyLabel}`, { kind: 'deny', itemId: item.id, fingerprint: item.fingerprint }));
  }
  entries.push(action(`${key}:jump`, 'Jump to the pane', { kind: 'jump', itemId: item.id }));
  entries.push(action(`${key}:open`, 'Show in queue', { kind: 'open-queue', itemId: item.id }));
  return entries;
}

function itemLabel(item: QueueItemDto): string {
  return truncate(`${item.stuck ? '⚠ ' : ''}${agentName(item)} — ${wantsPhrase(item)}`, LABEL_MAX);
}

function pauseEntries(pausedUntil: number | null, now: number, clockTime: (ms: number) => string): TrayMenuEntry[] {
  const paused = pauseDescription(pausedUntil, now, clockTime);
  if (paused !== null && isPaused(pausedUntil, now)) {
    return [
      action('pause:status', `Notifications: ${paused.toLowerCase()}`, null),
      action('pause:resume', 'Resume notifications', { kind: 'resume' }),
    ];
  }
  return [
    {
      type: 'submenu',
      id: 'pause',
      label: 'Pause notifications',
      entries: [
        action('pause:hour', 'For 1 hour', { kind: 'pause', choice: 'hour' }),
        action('pause:indefinitely', 'Until resumed', { kind: 'pause', choice: 'indefinitely' }),
      ],
    },
  ];
}

function loginEntries(startAtLogin: boolean | null): TrayMenuEntry[] {
  if (startAtLogin === null) return [];
  return [
    {
      type: 'action',
      id: 'start-at-login',
      label: 'Start at login',
      enabled: true,
      checked: startAtLogin,
      action: { kind: 'start-at-login', enabled: !startAtLogin },
    },
  ];
}

/** Builds the tray menu. */
export function buildTrayMenu(input: TrayMenuInput): TrayMenuModel {
  const view = queueView(input.items, input.now);
  const shown = view.waiting.slice(0, input.maxItems ?? 5);
  const problem = input.problem ?? null;
  // "No agent is waiting" would be a lie when nothing can be watched: the problem and its fix come first.
  const entries: TrayMenuEntry[] =
    problem === null
      ? [action('headline', headline(view.count, view.stuckCount), null)]
      : [action('headline', `⚠ ${problem.headline}`, null), action('problem:fix', truncate(problem.fix, PROBLEM_MAX), null)];
  for (const item of shown) entries.push({ type: 'submenu', id: `item:${item.id}`, label: itemLabel(item), entries: itemEntries(item) });
  const more = view.count - shown.length;
  if (more > 0) entries.push(action('more', `${more} more in the queue…`, { kind: 'open-queue', itemId: null }));
  entries.push(
    { type: 'separator', id: 'sep:queue' },
    action('open-queue', 'Open queue', { kind: 'open-queue', itemId: null }),
    ...pauseEntries(input.pausedUntil, input.now, input.clockTime),
    action('settings', 'Settings…', { kind: 'open-settings' }),
    ...loginEntries(input.startAtLogin ?? null),
    { type: 'separator', id: 'sep:quit' },
    action('quit', 'Quit Trail Boss', { kind: 'quit' }),
  );
  return { entries, count: view.count, stuck: view.stuck };
}

/** Every action entry, depth first (for tests and the e2e hook). */
export function flattenMenu(entries: readonly TrayMenuEntry[]): Extract<TrayMenuEntry, { type: 'action' }>[] {
  return entries.flatMap((e) => (e.type === 'action' ? [e] : e.type === 'submenu' ? flattenMenu(e.entries) : []));
}
