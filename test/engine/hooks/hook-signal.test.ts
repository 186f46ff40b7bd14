import { describe, expect, it } from 'vitest';
import { HOOK_EVENTS, parseHookPayload } from '../../../main/engine/hooks/hook-schemas.ts';
import type { HookPayload } from '../../../main/engine/hooks/hook-schemas.ts';
import { hookToSignal } from '../../../main/engine/hooks/hook-signal.ts';
import { allRecordedHooks, hookExample } from './fixture-hooks.ts';

function parsed(value: unknown): HookPayload {
  const result = parseHookPayload(value);
  if (!result.ok) throw new Error(result.message);
  return result.payload;
}

const recorded = allRecordedHooks();

describe('hook payload schemas over every recorded payload', () => {
  it('has payloads of every known event in both versions', () => {
    for (const version of ['claude/', 'v2.1.197/']) {
      const events = new Set(recorded.filter((r) => r.file.includes(version)).map((r) => r.event));
      expect([...events].sort()).toEqual([...HOOK_EVENTS].sort());
    }
  });

  it.each(recorded.map((r, i) => [`${r.file.split('hooks/claude/')[1]} #${i} ${r.event}`, r] as const))('accepts %s', (_name, r) => {
    const result = parseHookPayload(r.payload);
    expect(result.ok).toBe(true);
  });
});

describe('hookToSignal over every recorded payload', () => {
  it.each(recorded.map((r, i) => [`#${i} ${r.event}`, r] as const))('maps %s to the signal its event implies', (_name, r) => {
    const signal = hookToSignal(parsed(r.payload));
    const expected: Record<string, string | null> = {
      PermissionRequest: 'permission-request',
      Stop: 'stop',
      UserPromptSubmit: 'working',
      PreToolUse: 'working',
      PostToolUse: 'working',
      PostToolUseFailure: 'working',
      PostToolBatch: null,
      MessageDisplay: null,
      Notification: 'notification',
      SessionStart: 'session-start',
      SessionEnd: 'session-end',
    };
    expect(signal?.kind ?? null).toBe(expected[r.event]);
  });
});

describe('hookToSignal details', () => {
  it('gives a Bash permission request the command as its subject', () => {
    expect(hookToSignal(parsed(hookExample('PermissionRequest.json')))).toEqual({
      kind: 'permission-request',
      tool: 'Bash',
      subject: 'ls -la /tmp',
    });
  });

  it('gives a Write permission request the file path as its subject', () => {
    const write = recorded.find((r) => r.event === 'PermissionRequest' && r.payload['tool_name'] === 'Write');
    expect(hookToSignal(parsed(write?.payload))).toEqual({
      kind: 'permission-request',
      tool: 'Write',
      subject: '/home/dev/lab-claude/work/project/hello_lab.txt',
    });
  });

  it('gives AskUserQuestion the question as its subject', () => {
    const ask = recorded.find((r) => r.event === 'PermissionRequest' && r.payload['tool_name'] === 'AskUserQuestion');
    expect(hookToSignal(parsed(ask?.payload))).toMatchObject({ subject: 'Which color should the lab use?' });
  });

  it('carries the last assistant message of a Stop', () => {
    expect(hookToSignal(parsed(hookExample('Stop.json')))).toEqual({
      kind: 'stop',
      lastAssistantMessage: 'Done: I listed /tmp with `ls -la /tmp`.',
    });
  });

  it('tells the permission_prompt notification from the idle_prompt one', () => {
    expect(hookToSignal(parsed(hookExample('Notification.permission_prompt.json')))).toEqual({
      kind: 'notification',
      notificationType: 'permission_prompt',
      message: 'Claude needs your permission',
    });
    expect(hookToSignal(parsed(hookExample('Notification.idle_prompt.json')))).toMatchObject({ notificationType: 'idle_prompt' });
  });

  it('reports session start source and end reason', () => {
    expect(hookToSignal(parsed(hookExample('SessionStart.json')))).toEqual({ kind: 'session-start', source: 'startup' });
    expect(hookToSignal(parsed(hookExample('SessionEnd.json')))).toEqual({ kind: 'session-end', reason: 'prompt_input_exit' });
  });
});

describe('schema tolerance and strictness', () => {
  it('keeps accepting a payload with fields a newer Claude added', () => {
    const payload = { ...hookExample('PermissionRequest.json'), brand_new_field: { nested: [1, 2] } };
    expect(parseHookPayload(payload).ok).toBe(true);
  });

  it('refuses a permission request without the tool name it is about', () => {
    const { tool_name: _drop, ...payload } = hookExample('PermissionRequest.json');
    const result = parseHookPayload(payload);
    expect(result).toMatchObject({ ok: false, reason: 'schema-invalid' });
  });

  it('refuses a payload without a session id', () => {
    const { session_id: _drop, ...payload } = hookExample('Stop.json');
    expect(parseHookPayload(payload)).toMatchObject({ ok: false, reason: 'schema-invalid' });
  });

  it('refuses an event it does not know as unknown-event', () => {
    expect(parseHookPayload({ ...hookExample('Stop.json'), hook_event_name: 'TeammateIdle' })).toMatchObject({
      ok: false,
      reason: 'unknown-event',
    });
  });

  it('refuses something that is not an object', () => {
    expect(parseHookPayload('hello')).toMatchObject({ ok: false, reason: 'schema-invalid' });
  });
});
