/** Pure conversions between the attention logic's items and the store's rows. */
import type { AttentionItem, ItemDraft, WaitReason } from '../sessions/attention-item.ts';
import type { AgentState } from '../sessions/pane-state.ts';
import type { Item, ItemKind, ItemPatch, NewItem, PaneState as StoredState } from '../store/index.ts';
import type { RuntimeId } from '../runtimes/types.ts';

/** The store names the watchdog's give-up `stuck-idle`. */
export function kindOfReason(reason: WaitReason): ItemKind {
  return reason === 'idle-after-nudges' ? 'stuck-idle' : reason;
}

export function reasonOfKind(kind: ItemKind): WaitReason {
  switch (kind) {
    case 'stuck-idle':
      return 'idle-after-nudges';
    case 'gone':
      return 'unknown';
    default:
      return kind;
  }
}

/** The store keeps six states; `starting` (no evidence yet) is stored as `unknown` and never alerts on its own. */
export function storedState(state: AgentState): StoredState {
  return state === 'starting' ? 'unknown' : state;
}

/** Extra facts the store does not keep per item; remembered in memory while the engine runs. */
export interface ItemExtras {
  readonly hookRequest: AttentionItem['hookRequest'];
  readonly nudges: number;
}

/** What an item wants, in a few words: the command/file/URL, the question, or the wait. */
export function summaryOf(item: Pick<ItemDraft, 'reason' | 'prompt' | 'hookRequest' | 'nudges'>): string {
  const prompt = item.prompt;
  if (prompt?.kind === 'permission') return prompt.subject || prompt.question;
  if (prompt?.kind === 'dialog') return prompt.question;
  if (item.hookRequest) return `${item.hookRequest.tool}: ${item.hookRequest.subject}`;
  switch (item.reason) {
    case 'idle':
      return 'waiting for input';
    case 'idle-after-nudges':
      return `idle after ${item.nudges} nudge${item.nudges === 1 ? '' : 's'}`;
    case 'unknown':
      return 'needs a look';
    default:
      return item.reason;
  }
}

/** A stored item as the attention logic sees it. */
export function attentionOf(item: Item, runtime: RuntimeId, extras: ItemExtras | undefined): AttentionItem {
  const prompt = item.prompt?.kind === 'permission' || item.prompt?.kind === 'dialog' ? item.prompt : null;
  return {
    id: item.id,
    paneKey: item.paneKey,
    runtime,
    reason: reasonOfKind(item.kind),
    fingerprint: item.fingerprint,
    prompt,
    hookRequest: extras?.hookRequest ?? null,
    tail: item.tail,
    nudges: extras?.nudges ?? 0,
    firstSeen: item.firstSeen,
    queueOrder: item.queueOrder,
    skipCooldownUntil: item.skipCooldownUntil,
    snoozedUntil: item.snoozedUntil,
    reminderStep: item.reminderStep,
    stuck: item.stuck,
  };
}

/** A new store row for a draft. */
export function newItemOf(draft: ItemDraft, expiryMs: number, context: string | null): NewItem {
  return {
    paneKey: draft.paneKey,
    kind: kindOfReason(draft.reason),
    prompt: draft.prompt,
    fingerprint: draft.fingerprint,
    summary: summaryOf(draft),
    firstSeen: draft.firstSeen,
    expiresAt: draft.firstSeen + expiryMs,
    tail: draft.tail,
    context,
  };
}

/** The fields of an updated attention item that the store keeps. */
export function patchOf(item: AttentionItem): ItemPatch {
  return {
    kind: kindOfReason(item.reason),
    prompt: item.prompt,
    fingerprint: item.fingerprint,
    summary: summaryOf(item),
    tail: item.tail,
  };
}
