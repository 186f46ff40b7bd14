/**
 * The database deleted under a running engine: the engine notices, says so to every surface, and
 * recreates it, so the queue, the audit log and the history are still there after a restart.
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../preload/contract/events.ts';
import type { EngineHarness } from '../support/engine-harness.ts';
import { startEngineHarness } from '../support/engine-harness.ts';
import { poll } from '../support/poll.ts';

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

describe('database deleted while the engine runs', () => {
  it('is noticed, announced and recreated: the audit log survives a restart', async () => {
    h = await startEngineHarness();
    const errors: EventPayload<'engine:error'>[] = [];
    h.engine.on('engine:error', (e) => errors.push(e));
    h.engine.store.audit.append({
      paneKey: 'p',
      runtime: 'claude',
      action: 'text',
      payload: 'written before',
      reason: 'r',
      surface: 'cli',
      itemId: null,
      outcome: 'sent',
    });
    const file = h.engine.paths.database;
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    h.engine.store.audit.append({
      paneKey: 'p',
      runtime: 'claude',
      action: 'text',
      payload: 'written after',
      reason: 'r',
      surface: 'cli',
      itemId: null,
      outcome: 'sent',
    });
    await poll(() => errors.length > 0, 'the engine to announce the deleted database', { timeoutMs: 15_000 });
    expect(errors).toEqual([{ code: 'gone', message: expect.stringContaining('was deleted while Trail Boss ran; it was recreated') }]);
    expect(h.logger.entries.some((e) => e.event === 'store.file-recreated')).toBe(true);
    await h.restart();
    const audit = await h.engine.api['audit:list']({ limit: 10, before: null });
    expect(audit.ok && audit.value.map((a) => a.text).sort()).toEqual(['written after', 'written before']);
  }, 60_000);
});
