/** Performs a ShellAction from the tray, a notification or a hotkey. The one place those surfaces act. */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { ActionOutcomeDto } from '../../../preload/contract/queue-item.ts';
import { outcomeOf } from '../../engine/notify/action-outcome.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';
import { pausedUntilFor } from '../../engine/notify/pause.ts';
import { oldestWaiting } from '../../engine/notify/waiting-items.ts';
import type { ShellAction } from './shell-action.ts';

/** What the dispatcher acts through. */
export interface ActionPorts {
  /** The shell's method map (item:jump is the shell's own jumper). */
  readonly api: ApiMethods;
  openQueue(itemId: string | null): void;
  openSettings(): void;
  setPausedUntil(until: number | null): void;
  setStartAtLogin(enabled: boolean): void;
  quit(): void;
  now(): number;
}

/** What came of an action: an item outcome, a notice for the user, or simply done. */
export type DispatchResult =
  | { readonly kind: 'outcome'; readonly outcome: ActionOutcomeDto }
  | { readonly kind: 'notice'; readonly message: string }
  | { readonly kind: 'done' };

/** Performs the action. Approve and deny send the fingerprint the surface showed: the engine re-verifies it. */
export async function dispatchAction(ports: ActionPorts, action: ShellAction): Promise<DispatchResult> {
  const { api } = ports;
  switch (action.kind) {
    case 'approve':
      return {
        kind: 'outcome',
        outcome: outcomeOf(action.itemId, 'approve', await api['item:approve']({ id: action.itemId, fingerprint: action.fingerprint })),
      };
    case 'deny':
      return {
        kind: 'outcome',
        outcome: outcomeOf(action.itemId, 'deny', await api['item:deny']({ id: action.itemId, fingerprint: action.fingerprint })),
      };
    case 'jump':
      return { kind: 'outcome', outcome: outcomeOf(action.itemId, 'jump', await api['item:jump']({ id: action.itemId })) };
    case 'jump-oldest': {
      const queue = await api['queue:list']({});
      if (!queue.ok) return { kind: 'notice', message: `Could not read the queue: ${queue.error.message}` };
      const oldest = oldestWaiting(queue.value, ports.now());
      if (oldest === null) return { kind: 'notice', message: 'No agent is waiting.' };
      return { kind: 'outcome', outcome: outcomeOf(oldest.id, 'jump', await api['item:jump']({ id: oldest.id })) };
    }
    case 'open-queue':
      ports.openQueue(action.itemId);
      return { kind: 'done' };
    case 'open-settings':
      ports.openSettings();
      return { kind: 'done' };
    case 'pause':
      ports.setPausedUntil(pausedUntilFor(action.choice, ports.now()));
      return { kind: 'done' };
    case 'resume':
      ports.setPausedUntil(null);
      return { kind: 'done' };
    case 'start-at-login':
      ports.setStartAtLogin(action.enabled);
      return { kind: 'done' };
    case 'quit':
      ports.quit();
      return { kind: 'done' };
    default:
      return assertNever(action);
  }
}
