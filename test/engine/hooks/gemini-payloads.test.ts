/**
 * The real Gemini CLI 0.61.0 hook payloads (test/fixtures/hooks/gemini, recorded with a tap hook against the
 * live suite's mock; re-checked by test/live/gemini-hooks.live.test.ts) read as the Claude payload of the same
 * meaning: the confirmation's Notification is a permission request naming the command, file or URL.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { geminiPayloadAsClaude } from '../../../main/engine/hooks/gemini-hooks.ts';
import { readHookDelivery } from '../../../main/engine/hooks/hook-ingest.ts';

const DIR = 'test/fixtures/hooks/gemini';
const payload = (name: string) => JSON.parse(readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as Record<string, unknown>;
const envelope = (p: unknown) => ({ v: 1, payload: p, tmuxPane: '%3', tmuxSocket: '/tmp/tmux-0/default', ppid: 42 });
const read = (name: string) => {
  const reading = readHookDelivery(envelope(payload(name)), 1_000, null, geminiPayloadAsClaude);
  if (!reading.ok) throw new Error(`${name}: ${reading.message}`);
  return reading.delivery;
};

describe('Gemini CLI hook payloads', () => {
  it('has the recorded payloads', () => {
    expect(readdirSync(DIR).filter((n) => n.endsWith('.json')).length).toBeGreaterThanOrEqual(6);
  });

  it.each([
    ['Notification', { kind: 'permission-request', tool: 'Bash', subject: 'echo ran >> ran.txt' }],
    [
      'Notification-edit',
      { kind: 'permission-request', tool: 'Edit', subject: expect.stringMatching(/\/project\/written\.txt$/) as unknown },
    ],
    ['Notification-fetch', { kind: 'permission-request', tool: 'WebFetch', subject: 'http://127.0.0.1:9/fetch-target' }],
    ['AfterAgent', { kind: 'stop', lastAssistantMessage: 'Done with the scripted turn.' }],
    ['BeforeAgent', { kind: 'working', event: 'UserPromptSubmit' }],
    ['BeforeTool', { kind: 'working', event: 'PreToolUse' }],
    ['AfterTool', { kind: 'working', event: 'PostToolUse' }],
    ['SessionStart', { kind: 'session-start', source: 'startup' }],
  ])('%s becomes %o', (name, signal) => {
    const d = read(name);
    expect(d.signal).toEqual(signal);
    expect(d.sessionId).toBe(payload(name)['session_id']);
    expect(d.origin.tmuxPane).toBe('%3');
  });

  it('keeps the native event name beside the Claude one', () => {
    expect(read('AfterAgent').payload).toMatchObject({ hook_event_name: 'Stop', gemini_event: 'AfterAgent' });
  });

  it('a Notification of another type stays a notification (no state change)', () => {
    const other: Record<string, unknown> = { ...payload('Notification'), notification_type: 'Other', details: undefined };
    const reading = readHookDelivery(envelope(other), 1, null, geminiPayloadAsClaude);
    expect(reading.ok && reading.delivery.signal).toEqual({ kind: 'notification', notificationType: 'Other', message: other['message'] });
  });

  it('refuses an unknown event by name, and a payload without a session', () => {
    const unknown = readHookDelivery(
      envelope({ ...payload('AfterAgent'), hook_event_name: 'PreCompress' }),
      1,
      null,
      geminiPayloadAsClaude,
    );
    expect(unknown).toMatchObject({ ok: false, reason: 'unknown-event' });
    const bad = readHookDelivery(envelope({ ...payload('AfterAgent'), session_id: undefined }), 1, null, geminiPayloadAsClaude);
    expect(bad).toMatchObject({ ok: false, reason: 'schema-invalid' });
  });

  it('cleans control sequences out of what the agent sent before reading it', () => {
    const dirty = { ...payload('Notification'), details: { type: 'exec', command: 'echo \u001b[31mred\u001b[0m' } };
    const reading = readHookDelivery(envelope(dirty), 1, null, geminiPayloadAsClaude);
    expect(reading.ok && reading.delivery.signal).toMatchObject({ subject: expect.not.stringContaining('\u001b') as unknown });
  });
});
