/**
 * A remote host's hook never makes this machine open a path it names (hardening round 2, finding 3),
 * and no outside path is read unless it is a regular file: real FIFOs on this machine, where an open
 * for reading would wait for a writer forever (and hold a libuv thread), and the auto-restart loop
 * with it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClaudeSessionContext } from '../../../main/engine/claude-signals/session-directory.ts';
import { readStatusFiles } from '../../../main/engine/claude-signals/status-dir.ts';
import { readTranscriptTail } from '../../../main/engine/claude-signals/transcript-tail.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import { NotRegularFileError, ReadTimeoutError, readRegularFile } from '../../../main/engine/platform/regular-file.ts';
import { scanLines } from '../../../main/engine/snapshot/line-reader.ts';
import { readLatestUsage } from '../../../main/engine/snapshot/usage.ts';
import { autoRestartOver, claudeSession } from './support/auto-restart-fixture.ts';

let dir = '';
let fifo = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-fifo-'));
  fifo = join(dir, 'transcript.jsonl');
  execFileSync('mkfifo', [fifo]);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Settles within `ms`, or fails the test: a blocked open never settles. */
function within<T>(promise: Promise<T>, ms = 5000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
  ]);
}

function autoRestart(overrides: Partial<ClaudeSessionContext>) {
  return autoRestartOver(claudeSession(fifo, overrides));
}

describe('auto-restart and paths from payloads', () => {
  it("never opens a remote session's transcript path here: the check ends, the pane is skipped and said so once", async () => {
    const { auto, restarts, logger } = autoRestart({ host: 'gpu', pane: '@gpu:default|%1' });
    await within(auto.check());
    await within(auto.check());
    expect(restarts).toEqual([]);
    expect(logger.entries.filter((e) => e.event === 'restart.auto-skip-remote')).toHaveLength(1);
  });

  it('a local transcript path that is a FIFO: the check ends, nothing restarts, the reason is logged', async () => {
    const { auto, restarts, logger } = autoRestart({});
    await within(auto.check());
    expect(restarts).toEqual([]);
    expect(logger.entries.find((e) => e.event === 'restart.auto-check-failed')?.fields).toMatchObject({
      error: expect.stringMatching(/not a regular file/),
    });
  });
});

describe('outside files are read only when regular', () => {
  it('usage, the transcript tail and the line scanner refuse a FIFO at once', async () => {
    await expect(within(readLatestUsage(fifo))).rejects.toBeInstanceOf(NotRegularFileError);
    await expect(within(readTranscriptTail(fifo, 1024))).rejects.toBeInstanceOf(NotRegularFileError);
    await expect(within(scanLines(fifo, () => undefined))).rejects.toBeInstanceOf(NotRegularFileError);
  });

  it('a FIFO named like a status file is skipped, not read (the read is synchronous: it would stop the engine)', () => {
    const sessions = join(dir, 'sessions');
    mkdirSync(sessions);
    execFileSync('mkfifo', [join(sessions, '4242.json')]);
    const logger = new MemoryLogger();
    expect(readStatusFiles(sessions, logger)).toEqual([]);
    expect(logger.entries.find((e) => e.event === 'claude.status-file-skipped')?.fields).toMatchObject({
      error: expect.stringMatching(/not a regular file/),
    });
  });

  it('a read that outlasts its limit is given up with ReadTimeoutError', async () => {
    const file = join(dir, 'regular');
    execFileSync('touch', [file]);
    await expect(within(readRegularFile(file, () => new Promise<never>(() => undefined), 50))).rejects.toBeInstanceOf(ReadTimeoutError);
  });
});
