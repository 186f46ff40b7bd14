/**
 * The real Codex 0.169.0 hook payloads (test/fixtures/hooks/codex, re-checked against the real CLI by
 * test/live/codex-hooks.live.test.ts) pass the ingest schema and carry the signal the state machine needs.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHookPayload } from '../../../main/engine/hooks/hook-schemas.ts';
import { hookToSignal } from '../../../main/engine/hooks/hook-signal.ts';

const DIR = 'test/fixtures/hooks/codex';

const examples = readdirSync(DIR)
  .filter((n) => n.endsWith('.json'))
  .sort()
  .map((name) => ({ name, payload: JSON.parse(readFileSync(path.join(DIR, name), 'utf8')) as unknown }));
const sequence = readFileSync(path.join(DIR, 'all.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as { event: string; payload: unknown });

/** The signal kind each Codex event must become. */
const KIND: Readonly<Record<string, string>> = {
  SessionStart: 'session-start',
  UserPromptSubmit: 'working',
  PreToolUse: 'working',
  PermissionRequest: 'permission-request',
  PostToolUse: 'working',
  Stop: 'stop',
};

describe('codex hook payloads', () => {
  it.each(examples)('$name passes the schema and maps to its signal', ({ payload }) => {
    const parsed = parseHookPayload(payload);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(hookToSignal(parsed.payload)?.kind).toBe(KIND[parsed.payload.hook_event_name]);
  });

  it('every payload of the recorded sequence passes, and the PermissionRequest names the command', () => {
    expect(sequence.length).toBeGreaterThan(0);
    for (const { event, payload } of sequence) {
      const parsed = parseHookPayload(payload);
      if (!parsed.ok) throw new Error(`${event}: ${parsed.message}`);
      expect(parsed.payload.hook_event_name).toBe(event);
    }
    const request = parseHookPayload(examples.find((e) => e.name === 'PermissionRequest.json')!.payload);
    expect(request.ok && hookToSignal(request.payload)).toEqual({
      kind: 'permission-request',
      tool: 'Bash',
      subject: 'echo ran >> ran.txt',
    });
  });
});
