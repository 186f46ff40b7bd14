/**
 * The soak's user: every `pollMs` reads the queue through the API and answers as a person at the
 * queue would — approves a permission prompt whose approve button is enabled (with the fingerprint
 * shown), and after a short pause replies to an agent idle at its input prompt. One action per item
 * at a time; every outcome is counted. Never sends anything the API was not asked for.
 */
import type { Envelope } from '../preload/contract/envelope.ts';
import type { ActionOutcomeDto, QueueItemDto } from '../preload/contract/queue-item.ts';
import type { SoakDaemon } from './soak-daemon.ts';

/** What the driver did. */
export interface DriverTally {
  readonly approvals: Readonly<Record<string, number>>;
  readonly replies: Readonly<Record<string, number>>;
  /** API calls that failed (HTTP, an error envelope). */
  readonly errors: number;
  readonly firstError: string | null;
}

/** A running driver; `stop()` waits for actions in flight and returns the tally. */
export interface SoakDriver {
  tally(): DriverTally;
  stop(): Promise<DriverTally>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Start answering the queue of `daemon`. `replyAfterMs`: how long an idle turn lasts before the reply. */
export function startSoakDriver(daemon: SoakDaemon, opts: { pollMs: number; replyAfterMs: number; maxApproveDelayMs: number }): SoakDriver {
  const approvals: Record<string, number> = {};
  const replies: Record<string, number> = {};
  let errors = 0;
  let firstError: string | null = null;
  const busy = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let running = true;
  const count = (into: Record<string, number>, key: string): void => void (into[key] = (into[key] ?? 0) + 1);
  const failed = (what: string): void => {
    errors++;
    firstError ??= what;
  };

  const act = (item: QueueItemDto, delayMs: number, run: () => Promise<Envelope<ActionOutcomeDto>>, into: Record<string, number>): void => {
    busy.add(item.id);
    const p = (async () => {
      await sleep(delayMs);
      if (!running) return;
      const answer = await run();
      if (answer.ok) count(into, answer.value.outcome);
      else failed(`${item.reason} ${item.id}: ${answer.error.code} ${answer.error.message}`);
    })()
      .catch((e: unknown) => failed(String(e)))
      .finally(() => {
        busy.delete(item.id);
        inFlight.delete(p);
      });
    inFlight.add(p);
  };

  const loop = (async () => {
    while (running) {
      try {
        const queue = await daemon.post<Envelope<QueueItemDto[]>>('/api/queue:list', {});
        if (!queue.ok) failed(`queue:list: ${queue.error.message}`);
        else
          for (const item of queue.value) {
            if (busy.has(item.id)) continue;
            if (item.reason === 'permission' && item.approveLabel !== null)
              act(
                item,
                Math.random() * opts.maxApproveDelayMs,
                () => daemon.post('/api/item:approve', { id: item.id, fingerprint: item.fingerprint }),
                approvals,
              );
            else if (item.reason === 'idle' && item.canReply)
              act(item, opts.replyAfterMs, () => daemon.post('/api/item:reply', { id: item.id, text: 'go on' }), replies);
          }
      } catch (error) {
        failed(`queue:list: ${String(error)}`);
      }
      await sleep(opts.pollMs);
    }
  })();

  const tally = (): DriverTally => ({ approvals: { ...approvals }, replies: { ...replies }, errors, firstError });
  return {
    tally,
    async stop() {
      running = false;
      await loop;
      await Promise.allSettled([...inFlight]);
      return tally();
    },
  };
}
