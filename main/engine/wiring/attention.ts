/**
 * Wiring step 3: the pane truth (one state machine per pane, which opens and resolves items) and the
 * reminders of its items. The truth consults the watchdog for its policy and tells it every state;
 * the watchdog is built later (it acts through the observer), so it is reached through a `Late`.
 */
import { itemDtoById, queueDtos } from '../api/queue-view.ts';
import type { Reachability } from '../hosts/reachability.ts';
import { LOCAL_ONLY } from '../hosts/reachability.ts';
import { QueuePublisher } from '../api/queue-publisher.ts';
import { QueueStatusWriter } from '../api/queue-status-file.ts';
import { ReminderScheduler } from '../reminders/reminder-scheduler.ts';
import { PaneTruth } from '../truth/pane-truth.ts';
import { DEFAULT_STATE_MACHINE_CONFIG } from '../sessions/pane-state.ts';
import { policyFor } from '../truth/policy.ts';
import type { Foundation, UndoList } from './foundation.ts';
import type { Late } from './late.ts';
import type { WatchdogWiring } from './watchdog-wiring.ts';

/** The truth and its reminders. */
export interface Attention {
  readonly truth: PaneTruth;
  readonly reminders: ReminderScheduler;
  /** Every queue change goes through it: one `queue:changed` per burst, not one per change. */
  readonly queue: QueuePublisher;
  /** The queue status file (`trailboss tmux-status`); removed by `dispose` when the engine stops. */
  readonly status: QueueStatusWriter;
}

/** Build the reminders and the truth; `watchdog` is bound by the watchdog step. */
export function buildAttention(
  f: Foundation,
  watchdog: Late<WatchdogWiring>,
  undo: UndoList,
  reach: Reachability = LOCAL_ONLY,
  pid: number = process.pid,
): Attention {
  const { store, events, clock, logger, now, config } = f;
  // Reminders fire for items of the truth, which needs the reminders: the truth is set right below.
  let truth: PaneTruth | null = null;
  const queue = new QueuePublisher(clock, () => {
    if (truth) events.emit('queue:changed', { items: queueDtos(store, truth, now(), false, reach) });
  });
  undo.push(() => queue.dispose());
  // The file `trailboss tmux-status` prints: every queue change, and a reminder that made an item stuck.
  const status = new QueueStatusWriter(f.paths.queueStatus, pid, logger);
  events.on('queue:changed', ({ items }) => status.update(items));
  events.on('reminder', () => truth && status.update(queueDtos(store, truth, now(), false, reach)));
  const emitItem = (event: 'item:added' | 'item:updated', id: string) => {
    const dto = truth && itemDtoById(store, truth, id, now(), reach);
    if (dto) events.emit(event, { item: dto });
  };
  const reminders = new ReminderScheduler({
    clock,
    cadence: config().reminders.cadence,
    onEvent: (event) => {
      store.items.update(event.itemId, { reminderStep: event.step, stuck: event.kind === 'stuck' });
      // Logged as well: a catch-up after a restart fires before any listener can be attached.
      logger.log('info', 'reminder.fired', { item: event.itemId, step: event.step, stuck: event.kind === 'stuck', skipped: event.skipped });
      // The reminder's listeners take its item from the latest queue: a gathered change goes out first.
      queue.flush();
      events.emit('reminder', { id: event.itemId, step: event.step, stuck: event.kind === 'stuck' });
      emitItem('item:updated', event.itemId);
    },
  });
  undo.push(() => reminders.dispose());
  const built: PaneTruth = new PaneTruth({
    store,
    clock,
    logger,
    events,
    machineConfig: () => ({ ...DEFAULT_STATE_MACHINE_CONFIG, unexplainedMs: config().observe.unexplainedAfterMs }),
    expiryMs: () => config().queue.itemExpiryMs,
    policy: (pane) => policyFor(pane, watchdog.peek()?.view),
    reminders,
    onState: (state) => watchdog.get().scheduler.observe(state),
    onQueueChanged: () => queue.changed(),
    onItem: emitItem,
  });
  truth = built;
  status.update(queueDtos(store, built, now(), false, reach));
  undo.push(() => status.dispose());
  return { truth: built, reminders, queue, status };
}
