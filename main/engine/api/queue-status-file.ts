/**
 * The queue status file: what tmux's status segment (bin/trailboss-tmux-status.sh, run by tmux every
 * status-interval in every client) and `trailboss tmux-status` (bin/trailboss-tmux-status.mjs) print
 * without starting the CLI. Both accept exactly the line written here (these keys in this order,
 * whole numbers): a change of shape is a new `version` and a change to both readers. The engine keeps it
 * current on every queue change and reminder (atomic replace), and removes it when it stops; a file
 * whose `pid` is not alive is stale (the engine was killed) and the reader prints nothing.
 *
 * Fields (version 1): `pid` of the engine, `count` waiting (snoozed and muted ones left out, as the
 * queue shows them), `oldestSince` (epoch ms the longest wait began; null when none waits: the
 * reader computes the age at print time), `stuck` (how many waited through every reminder).
 * Where: platform/paths.ts `queueStatus` (`<home>/queue-status.json`).
 */
import { readFileSync, unlinkSync } from 'node:fs';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { writeFileAtomic } from '../platform/atomic-write.ts';
import type { Logger } from '../platform/log.ts';

/** The file's content. */
export interface QueueStatus {
  readonly version: 1;
  readonly pid: number;
  readonly count: number;
  readonly oldestSince: number | null;
  readonly stuck: number;
}

/** Pure: the status of a queue as the engine lists it. */
export function queueStatusOf(items: readonly QueueItemDto[], pid: number): QueueStatus {
  const oldest = items.reduce<number | null>((min, item) => (min === null || item.firstSeen < min ? item.firstSeen : min), null);
  return { version: 1, pid, count: items.length, oldestSince: oldest, stuck: items.filter((item) => item.stuck).length };
}

/**
 * Write (or replace) the status file atomically; readable by the user alone, like the endpoint file.
 * Not fsynced: it is rewritten on every queue change, and after a crash its pid is dead and readers
 * ignore it, so durability would buy nothing for two blocking fsyncs per change.
 */
export function writeQueueStatusFile(file: string, status: QueueStatus): void {
  writeFileAtomic(file, JSON.stringify(status) + '\n', { mode: 0o600, dirMode: 0o700, durable: false });
}

/** The file's pid, or null when it is missing or not ours to read. */
function pidIn(file: string): number | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown };
    return typeof parsed.pid === 'number' ? parsed.pid : null;
  } catch {
    return null;
  }
}

/** Remove the file if this engine wrote it (another engine of the same home may have replaced it). */
export function removeQueueStatusFile(file: string, pid: number): boolean {
  if (pidIn(file) !== pid) return false;
  try {
    unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}

/** Keeps the file in step with the queue: writes only when what it says changes; a failed write is logged, never thrown. */
export class QueueStatusWriter {
  private last: string | null = null;
  private disposed = false;

  constructor(
    private readonly file: string,
    private readonly pid: number,
    private readonly logger: Logger,
  ) {}

  /** The queue is now `items`. */
  update(items: readonly QueueItemDto[]): void {
    if (this.disposed) return;
    const status = queueStatusOf(items, this.pid);
    const text = JSON.stringify(status);
    if (text === this.last) return;
    try {
      writeQueueStatusFile(this.file, status);
      this.last = text;
    } catch (error) {
      this.logger.log('warn', 'queue-status.write-failed', { file: this.file, error: String(error) });
    }
  }

  /** The engine stops: the file goes, and nothing is written after. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    removeQueueStatusFile(this.file, this.pid);
  }
}
