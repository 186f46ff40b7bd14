/** The queue's effects: load it, and run each item action through the bridge, recording its outcome. */
import type { ActionOutcomeDto, Envelope, ItemActionDto, QueueItemDto, RuntimeIdDto } from '../../preload/contract/index.ts';
import type { OutcomeNote } from '../store/queue-state.ts';
import type { ControllerDeps } from './deps.ts';

/** Snooze choices offered in the menu. */
export const SNOOZE_CHOICES: ReadonlyArray<{ readonly label: string; readonly ms: number }> = [
  { label: '15 min', ms: 15 * 60_000 },
  { label: '1 hour', ms: 60 * 60_000 },
  { label: '4 hours', ms: 4 * 60 * 60_000 },
];

/** The queue actions a screen or a key can trigger. */
export interface QueueActionsApi {
  reloadQueue(): Promise<void>;
  approve(id: string): Promise<void>;
  deny(id: string): Promise<void>;
  /** Deny and give the agent `message`; the box closes once the engine confirms the agent has it. */
  denyWithMessage(id: string, message: string): Promise<void>;
  reply(id: string, text: string): Promise<void>;
  /** `client`: the tmux client to move (the terminal UI in a popup names the one that opened it). */
  jump(id: string, client?: string): Promise<void>;
  skip(id: string): Promise<void>;
  snooze(id: string, forMs: number): Promise<void>;
  restart(id: string, runtime: RuntimeIdDto | null): Promise<void>;
}

/** Maps a failed call to the outcome the user should read; codes that are outcomes keep their name. */
function failureNote(item: QueueItemDto, action: ItemActionDto, error: { code: string; message: string }, at: number): OutcomeNote {
  const outcome =
    error.code === 'changed' || error.code === 'gone' || error.code === 'refused'
      ? error.code
      : error.code === 'not-found'
        ? 'gone'
        : 'failed';
  return { itemId: item.id, target: item.target, action, outcome, message: error.message, at };
}

/** Creates the queue actions. */
export function queueActions({ bridge, stores, clock }: ControllerDeps): QueueActionsApi {
  const queue = stores.queue;
  const find = (id: string) => queue.getState().items.find((i) => i.id === id);

  const reloadQueue = async () => {
    const r = await bridge.api['queue:list']({});
    if (r.ok) queue.getState().queueLoaded(r.value);
    else queue.getState().queueLoadFailed(r.error.message);
  };

  /** Claims the item in the UI (one action at a time), calls, records the outcome; refreshes if the pane moved on. */
  const run = async (
    id: string,
    action: ItemActionDto,
    allowed: (item: QueueItemDto) => boolean,
    call: (item: QueueItemDto) => Promise<Envelope<ActionOutcomeDto>>,
  ) => {
    const item = find(id);
    if (item === undefined || queue.getState().pending[id] !== undefined || !allowed(item)) return;
    queue.getState().actionStarted(id, action);
    const r = await call(item);
    const at = clock.now();
    const note: OutcomeNote = r.ok
      ? { itemId: id, target: item.target, action, outcome: r.value.outcome, message: r.value.message, at }
      : failureNote(item, action, r.error, at);
    queue.getState().actionSettled(note);
    if (note.outcome === 'changed' || note.outcome === 'gone') await reloadQueue();
  };

  const always = () => true;
  return {
    reloadQueue,
    // Approve and deny send the fingerprint of the prompt on screen: the engine re-verifies it before any key.
    approve: (id) =>
      run(
        id,
        'approve',
        (i) => i.approveLabel !== null,
        (i) => bridge.api['item:approve']({ id, fingerprint: i.fingerprint }),
      ),
    deny: (id) =>
      run(
        id,
        'deny',
        (i) => i.denyLabel !== null,
        (i) => bridge.api['item:deny']({ id, fingerprint: i.fingerprint }),
      ),
    denyWithMessage: async (id, message) => {
      await run(
        id,
        'deny',
        (i) => i.denyLabel !== null && message.trim() !== '',
        (i) => bridge.api['item:deny']({ id, fingerprint: i.fingerprint, message }),
      );
      if (queue.getState().outcomes[id]?.outcome === 'confirmed') queue.getState().popupsClosed();
    },
    reply: async (id, text) => {
      await run(
        id,
        'reply',
        (i) => i.canReply && text.trim() !== '',
        () => bridge.api['item:reply']({ id, text }),
      );
      if (queue.getState().outcomes[id]?.outcome === 'confirmed') queue.getState().popupsClosed();
    },
    jump: (id, client) => run(id, 'jump', always, () => bridge.api['item:jump'](client === undefined ? { id } : { id, client })),
    skip: (id) => run(id, 'skip', always, () => bridge.api['item:skip']({ id })),
    snooze: async (id, forMs) => {
      queue.getState().popupsClosed();
      await run(id, 'snooze', always, () => bridge.api['item:snooze']({ id, forMs }));
    },
    restart: (id, runtime) => run(id, 'restart', always, () => bridge.api['item:restart']({ id, runtime })),
  };
}
