/**
 * What a press or a typed answer from a chat (Telegram, Slack) does: the same engine action as every
 * other surface, through the chat's own method map (audited as `telegram` or `slack`), with the
 * fingerprint the message showed. The engine compares it for approve and deny right before the key;
 * snooze and typed text are checked here alike. The item is `busy` meanwhile, so the chat sends no
 * new message about it.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { ActionOutcomeDto, ItemActionDto } from '../../../preload/contract/queue-item.ts';
import type { PhoneAction, Store } from '../store/index.ts';

/** Snooze from a chat: the button says 30 minutes. */
export const PHONE_SNOOZE_MS = 30 * 60_000;

/** One answer for an item as a message showed it: a button's action; `text` typed into an idle agent; `message` sent with a deny (deny with a message). */
export type Act = {
  readonly action: PhoneAction | 'text';
  readonly itemId: string;
  readonly fingerprint: string;
  readonly text?: string;
  readonly message?: string;
};

/** What `act` needs. */
export interface ActDeps {
  readonly store: Store;
  readonly api: ApiMethods;
  /** Items an action from the chat is working on. */
  readonly busy: Set<string>;
}

/** The same engine action as every other surface. */
export async function act(deps: ActDeps, a: Act): Promise<Pick<ActionOutcomeDto, 'action' | 'outcome' | 'message'>> {
  const action: ItemActionDto = a.action === 'text' ? 'reply' : a.action;
  deps.busy.add(a.itemId);
  try {
    const item = deps.store.items.get(a.itemId);
    if (!item) return { action, outcome: 'gone', message: 'the agent is no longer waiting' };
    // The engine compares the fingerprint for approve and deny; snooze and text are checked here alike.
    if ((a.action === 'snooze' || a.action === 'text') && (item.fingerprint ?? '') !== a.fingerprint)
      return { action, outcome: 'changed', message: 'the agent shows something else now' };
    const env =
      a.action === 'approve'
        ? await deps.api['item:approve']({ id: a.itemId, fingerprint: a.fingerprint })
        : a.action === 'deny'
          ? await deps.api['item:deny']({
              id: a.itemId,
              fingerprint: a.fingerprint,
              ...(a.message !== undefined ? { message: a.message } : {}),
            })
          : a.action === 'snooze'
            ? await deps.api['item:snooze']({ id: a.itemId, forMs: PHONE_SNOOZE_MS })
            : await deps.api['item:reply']({ id: a.itemId, text: a.text ?? '' });
    return env.ok ? env.value : { action, outcome: 'refused', message: env.error.message };
  } finally {
    deps.busy.delete(a.itemId);
  }
}
