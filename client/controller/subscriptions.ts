/** Wires engine events into the stores, and reloads after the event stream was down (events may be lost). */
import type { Unsubscribe } from '../../preload/contract/index.ts';
import { noteOf, targetOf } from '../store/queue-state.ts';
import type { ControllerDeps } from './deps.ts';

/** Subscribes every event; the returned function unsubscribes them all. */
export function subscribeAll({ bridge, stores, clock }: ControllerDeps, reload: () => Promise<void>): Unsubscribe {
  const queue = () => stores.queue.getState();
  let wasDown = false;
  const offs: Unsubscribe[] = [
    bridge.on('queue:changed', (p) => queue().queueChanged(p.items)),
    bridge.on('item:added', (p) => queue().itemAdded(p.item)),
    bridge.on('item:updated', (p) => queue().itemUpdated(p.item)),
    bridge.on('item:resolved', (p) => queue().itemResolved(p.id)),
    bridge.on('reminder', (p) => queue().reminderFired(p.id, p.step, p.stuck)),
    bridge.on('action:outcome', (p) => {
      // Outcomes from other surfaces (tray, CLI) show here too; the item may already have left.
      queue().actionSettled(noteOf(p, targetOf(queue(), p.itemId) ?? p.itemId, clock.now()));
    }),
    bridge.on('agents:changed', (p) => stores.activity.getState().agentsChanged(p.agents)),
    bridge.on('settings:changed', (p) => stores.settings.getState().settingsChangedElsewhere(p)),
    bridge.on('engine:error', (p) => stores.app.getState().engineErrorReported(p.message)),
    bridge.on('host:changed', (p) => {
      stores.app.getState().hostChanged(p);
      // The host's items now read (or no longer read) "host unreachable": no queue event says so.
      void reload();
    }),
    bridge.onConnection((up) => {
      queue().connectionChanged(up);
      if (!up) wasDown = true;
      else if (wasDown) {
        wasDown = false;
        void reload();
      }
    }),
  ];
  return () => offs.forEach((off) => off());
}
