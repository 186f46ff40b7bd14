import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  QueueStatusWriter,
  queueStatusOf,
  removeQueueStatusFile,
  writeQueueStatusFile,
} from '../../../main/engine/api/queue-status-file.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import { queueItem } from '../../support/queue-items.ts';
import { tempDir } from '../http/http-helpers.ts';

let dir: string;
let cleanup: () => void;
let file: string;
beforeEach(() => {
  ({ dir, cleanup } = tempDir('tb-queue-status'));
  file = path.join(dir, 'queue-status.json');
});
afterEach(() => cleanup());

const read = () => JSON.parse(readFileSync(file, 'utf8')) as unknown;

describe('queue status file', () => {
  it('counts the waiting items, keeps the oldest start and counts the stuck ones', () => {
    const items = [
      queueItem({ id: 'a', firstSeen: 5_000 }),
      queueItem({ id: 'b', firstSeen: 2_000, stuck: true }),
      queueItem({ id: 'c', firstSeen: 9_000 }),
    ];
    expect(queueStatusOf(items, 42)).toEqual({ version: 1, pid: 42, count: 3, oldestSince: 2_000, stuck: 1 });
    expect(queueStatusOf([], 42)).toEqual({ version: 1, pid: 42, count: 0, oldestSince: null, stuck: 0 });
  });

  it('is written owner-only and read back', () => {
    writeQueueStatusFile(file, { version: 1, pid: 7, count: 2, oldestSince: 1, stuck: 0 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(read()).toEqual({ version: 1, pid: 7, count: 2, oldestSince: 1, stuck: 0 });
  });

  it('is removed only by the engine that wrote it', () => {
    writeQueueStatusFile(file, { version: 1, pid: 7, count: 0, oldestSince: null, stuck: 0 });
    expect(removeQueueStatusFile(file, 8)).toBe(false);
    expect(existsSync(file)).toBe(true);
    expect(removeQueueStatusFile(file, 7)).toBe(true);
    expect(existsSync(file)).toBe(false);
  });

  it('the writer follows the queue, skips a write that says nothing new, and removes the file on dispose', () => {
    const writer = new QueueStatusWriter(file, 7, new MemoryLogger());
    writer.update([queueItem({ firstSeen: 100 })]);
    expect(read()).toMatchObject({ count: 1, oldestSince: 100 });
    const before = statSync(file).ino;
    writer.update([queueItem({ id: 'other', firstSeen: 100 })]);
    expect(statSync(file).ino).toBe(before);
    writer.update([]);
    expect(read()).toMatchObject({ count: 0, oldestSince: null });
    writer.dispose();
    expect(existsSync(file)).toBe(false);
    writer.update([queueItem()]);
    expect(existsSync(file)).toBe(false);
  });

  it('a write that fails is logged, not thrown', () => {
    const logger = new MemoryLogger();
    const writer = new QueueStatusWriter(path.join(dir, 'queue-status.json', 'under-a-file'), 7, logger);
    writeQueueStatusFile(file, { version: 1, pid: 7, count: 0, oldestSince: null, stuck: 0 });
    expect(() => writer.update([queueItem()])).not.toThrow();
    expect(logger.entries.map((e) => e.event)).toContain('queue-status.write-failed');
  });
});
