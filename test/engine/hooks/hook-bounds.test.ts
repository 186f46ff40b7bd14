/**
 * Hook session context is bounded in size, not only in count: every field we keep has a limit
 * (HOOK_FIELD_LIMITS), one session's context stays under MAX_SESSION_BYTES, one host's sessions
 * under MAX_HOST_BYTES, and 1000 hooks of 1 MB each, read as the ingest route reads them, leave the
 * engine holding megabytes, not the gigabyte they held before.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { ClaudeSessionContext } from '../../../main/engine/claude-signals/session-directory.ts';
import {
  ClaudeSessionDirectory,
  contextBytes,
  MAX_HOST_BYTES,
  MAX_SESSION_BYTES,
} from '../../../main/engine/claude-signals/session-directory.ts';
import { readHookDelivery } from '../../../main/engine/hooks/hook-ingest.ts';
import { HOOK_FIELD_LIMITS } from '../../../main/engine/hooks/hook-schemas.ts';
import { MAX_SUBJECT_CHARS } from '../../../main/engine/hooks/tool-subject.ts';
import { boundedText } from '../../../main/engine/text/bounded-text.ts';

const MB = 1024 * 1024;

/** A body as the forwarder posts it, with the payload's fields given. */
function body(payload: Record<string, unknown>, tmuxSocket: string | null = null) {
  return { v: 1, event: null, tmuxPane: '%1', tmuxSocket, ppid: null, payload };
}

/** Read a body as POST /hooks/claude does (received from `host`), or throw why it was refused. */
function read(payload: Record<string, unknown>, host: string | null = null, tmuxSocket: string | null = null) {
  const reading = readHookDelivery(JSON.parse(JSON.stringify(body(payload, tmuxSocket))), 1, host);
  if (!reading.ok) throw new Error(reading.message);
  return reading.delivery;
}

const id = (n: number) => `session-${String(n).padStart(6, '0')}`;

describe('hook fields', () => {
  it('refuses identifiers and paths longer than Claude ever sends', () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    const cases: Record<string, unknown>[] = [
      { hook_event_name: 'Stop', session_id: long(HOOK_FIELD_LIMITS.id) },
      { hook_event_name: 'Stop', session_id: 's', cwd: long(HOOK_FIELD_LIMITS.path) },
      { hook_event_name: 'Stop', session_id: 's', transcript_path: long(HOOK_FIELD_LIMITS.path) },
      { hook_event_name: 'PreToolUse', session_id: 's', tool_name: long(HOOK_FIELD_LIMITS.id) },
      { hook_event_name: 'SessionEnd', session_id: 's', reason: long(HOOK_FIELD_LIMITS.word) },
      { hook_event_name: 'SessionStart', session_id: 's', source: long(HOOK_FIELD_LIMITS.word) },
      { hook_event_name: 'Notification', session_id: 's', message: 'm', notification_type: long(HOOK_FIELD_LIMITS.word) },
    ];
    for (const payload of cases) expect(() => read(payload), JSON.stringify(payload).slice(0, 80)).toThrow(/too big|at most|<=/i);
    // At the limit: accepted.
    expect(
      read({ hook_event_name: 'Stop', session_id: 'x'.repeat(HOOK_FIELD_LIMITS.id), cwd: 'p'.repeat(HOOK_FIELD_LIMITS.path) }).sessionId,
    ).toHaveLength(HOOK_FIELD_LIMITS.id);
  });

  it('keeps free text cut: the last message, a notification, a tool call’s subject', () => {
    const big = 'a'.repeat(MB);
    const stop = read({ hook_event_name: 'Stop', session_id: 's', last_assistant_message: big }).signal;
    expect(stop).toEqual({ kind: 'stop', lastAssistantMessage: `${'a'.repeat(HOOK_FIELD_LIMITS.message - 1)}…` });
    const note = read({ hook_event_name: 'Notification', session_id: 's', message: big }).signal;
    expect(note?.kind === 'notification' && note.message.length).toBe(HOOK_FIELD_LIMITS.message);
    const ask = read({ hook_event_name: 'PermissionRequest', session_id: 's', tool_name: 'Bash', tool_input: { command: big } }).signal;
    expect(ask?.kind === 'permission-request' && ask.subject.length).toBe(MAX_SUBJECT_CHARS);
  });

  it('boundedText never cuts a surrogate pair in half', () => {
    expect(boundedText('ab😀cd', 4)).toBe('ab…');
    expect(boundedText('abc😀d', 5)).toBe('abc…');
    expect(boundedText('short', 5)).toBe('short');
  });
});

describe('session context size', () => {
  it('one session at every field’s limit stays under MAX_SESSION_BYTES', () => {
    const dir = new ClaudeSessionDirectory();
    const full = (event: Record<string, unknown>) =>
      read(
        {
          session_id: 'x'.repeat(HOOK_FIELD_LIMITS.id),
          cwd: 'c'.repeat(MB),
          transcript_path: 't'.repeat(HOOK_FIELD_LIMITS.path),
          ...event,
        },
        'gpu',
        `/${'s'.repeat(4094)}`,
      );
    // cwd over its limit is refused, so the worst case is at the limit.
    expect(() => full({ hook_event_name: 'Stop' })).toThrow();
    const worst = (event: Record<string, unknown>) =>
      read(
        {
          session_id: 'x'.repeat(HOOK_FIELD_LIMITS.id),
          cwd: 'c'.repeat(HOOK_FIELD_LIMITS.path),
          transcript_path: 't'.repeat(HOOK_FIELD_LIMITS.path),
          ...event,
        },
        'gpu',
        `/${'s'.repeat(4094)}`,
      );
    const pane = `@gpu:S:/${'s'.repeat(4094)}|%1`;
    dir.ingest(worst({ hook_event_name: 'Stop', last_assistant_message: 'm'.repeat(MB) }), { kind: 'pane', pane, via: 'tmux-pane' });
    dir.ingest(worst({ hook_event_name: 'Notification', message: 'n'.repeat(MB), notification_type: 'w'.repeat(HOOK_FIELD_LIMITS.word) }), {
      kind: 'pane',
      pane,
      via: 'tmux-pane',
    });
    const context = dir.get('x'.repeat(HOOK_FIELD_LIMITS.id), 'gpu') as ClaudeSessionContext;
    expect(context.lastAssistantMessage).toHaveLength(HOOK_FIELD_LIMITS.message);
    expect(contextBytes(context)).toBeGreaterThan(MAX_SESSION_BYTES * 0.8);
    expect(contextBytes(context)).toBeLessThanOrEqual(MAX_SESSION_BYTES);
  });

  it('a host’s sessions stay under MAX_HOST_BYTES, pushing out its own oldest, never another host’s', () => {
    const dir = new ClaudeSessionDirectory();
    const stop = (n: number, host: string | null) =>
      read(
        { hook_event_name: 'Stop', session_id: id(n), cwd: 'c'.repeat(HOOK_FIELD_LIMITS.path), last_assistant_message: 'm'.repeat(MB) },
        host,
      );
    for (let n = 0; n < 10; n++) dir.ingest(stop(n, null), { kind: 'unwatched' });
    for (let n = 10; n < 300; n++) dir.ingest(stop(n, 'hostile'), { kind: 'unwatched' });
    const sizes = dir.sizes();
    expect(sizes.bytesByHost.get('hostile')).toBeLessThanOrEqual(MAX_HOST_BYTES);
    expect(sizes.bytesByHost.get('hostile')).toBeGreaterThan(MAX_HOST_BYTES * 0.9);
    // This machine's sessions are all still there; the host kept its newest.
    for (let n = 0; n < 10; n++) expect(dir.get(id(n))).toBeDefined();
    expect(dir.get(id(299), 'hostile')).toBeDefined();
    expect(dir.get(id(10), 'hostile')).toBeUndefined();
    // The count of bytes is the sum of what is held.
    expect(sizes.bytes).toBe(dir.all().reduce((sum, c) => sum + contextBytes(c), 0));
  });

  it('1000 hooks of 1 MB, read as the ingest route reads them, leave a few MB held, not a gigabyte', { timeout: 180_000 }, () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const dir = new ClaudeSessionDirectory();
    const big = 'q'.repeat(MB);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let n = 0; n < 1000; n++) {
      // Each payload its own 1 MB strings, as JSON.parse of each request body makes them.
      const kind = n % 3;
      const payload =
        kind === 0
          ? { hook_event_name: 'Stop', session_id: id(n), last_assistant_message: big }
          : kind === 1
            ? { hook_event_name: 'Notification', session_id: id(n), message: big }
            : { hook_event_name: 'PermissionRequest', session_id: id(n), tool_name: 'Bash', tool_input: { command: big } };
      dir.ingest(read(payload, n % 2 === 0 ? null : 'gpu'), { kind: 'unwatched' });
    }
    gc();
    const retainedMb = (process.memoryUsage().heapUsed - before) / MB;
    // Two hosts (this machine and gpu), each at its byte budget: the newest of each kept.
    expect(dir.sizes().bytes).toBeLessThanOrEqual(2 * MAX_HOST_BYTES);
    expect(dir.get(id(999), 'gpu')).toBeDefined();
    expect(dir.get(id(998))).toBeDefined();
    console.log(
      `1000 × 1 MB hooks: ${retainedMb.toFixed(1)} MB retained, ${dir.sizes().sessions} sessions, ${(dir.sizes().bytes / MB).toFixed(1)} MB counted`,
    );
    // The directory's own count is ~16 MB at most (two hosts); V8's overhead on top is small.
    expect(retainedMb).toBeLessThan(64);
  });
});
