/** Turns keyboard commands into queue actions on the selected item. */
import type { KeyCommand } from '../keyboard/keymap.ts';
import { displayOrder } from '../store/queue-state.ts';
import type { ControllerDeps } from './deps.ts';
import type { QueueActionsApi } from './queue-actions.ts';
import { assertNever } from '../../preload/contract/assert-never.ts';

/** Runs one keyboard command; returns whether it was handled (so the caller can preventDefault). */
export function dispatchKey(command: KeyCommand, { stores, clock }: ControllerDeps, actions: QueueActionsApi): boolean {
  const queue = stores.queue.getState();
  const now = clock.now();
  const selected = displayOrder(queue.items, now, queue.filter).find((i) => i.id === queue.selectedId);
  switch (command) {
    case 'next':
      queue.selectionMoved(1, now);
      return true;
    case 'prev':
      queue.selectionMoved(-1, now);
      return true;
    case 'first':
    case 'last':
      queue.selectionMoved(command, now);
      return true;
    case 'cancel':
      queue.popupsClosed();
      return true;
    case 'approve':
      if (selected) void actions.approve(selected.id);
      return selected !== undefined;
    case 'deny':
      if (selected) void actions.deny(selected.id);
      return selected !== undefined;
    case 'deny-message': {
      // Only a permission prompt takes a message with its denial (a dialog's "no" has no field for one).
      const open = selected !== undefined && selected.reason === 'permission' && selected.denyLabel !== null;
      if (open) queue.denyMessageOpened(selected.id);
      return open;
    }
    case 'skip':
      if (selected) void actions.skip(selected.id);
      return selected !== undefined;
    case 'jump':
      if (selected) void actions.jump(selected.id);
      return selected !== undefined;
    case 'reply':
      if (selected?.canReply) queue.replyOpened(selected.id);
      return selected?.canReply === true;
    case 'snooze':
      if (selected) queue.snoozeOpened(selected.id);
      return selected !== undefined;
    default:
      return assertNever(command, 'key command');
  }
}
