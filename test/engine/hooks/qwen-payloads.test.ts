/**
 * The real Qwen Code 0.24.4 hook payloads (test/fixtures/hooks/qwen, recorded with a tap hook against the live
 * suite's mock): Claude's shape with Qwen's tool names, read as Claude's so the subject is the command.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHookDelivery } from '../../../main/engine/hooks/hook-ingest.ts';
import { qwenPayloadAsClaude } from '../../../main/engine/hooks/qwen-hooks.ts';

const DIR = 'test/fixtures/hooks/qwen';
const payload = (name: string) => JSON.parse(readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as Record<string, unknown>;
const envelope = (p: unknown) => ({ v: 1, payload: p, tmuxPane: '%4', tmuxSocket: '/tmp/tmux-0/default', ppid: 7 });
const read = (name: string) => {
  const reading = readHookDelivery(envelope(payload(name)), 1_000, null, qwenPayloadAsClaude);
  if (!reading.ok) throw new Error(`${name}: ${reading.message}`);
  return reading.delivery;
};

describe('Qwen Code hook payloads', () => {
  it('has the recorded payloads', () => {
    expect(readdirSync(DIR).filter((n) => n.endsWith('.json')).length).toBeGreaterThanOrEqual(7);
  });

  it.each([
    ['PermissionRequest', { kind: 'permission-request', tool: 'Bash', subject: 'echo ran >> ran.txt' }],
    ['Stop', { kind: 'stop', lastAssistantMessage: expect.stringMatching(/^Line 1 of a slow answer/) as unknown }],
    ['UserPromptSubmit', { kind: 'working', event: 'UserPromptSubmit' }],
    ['PreToolUse', { kind: 'working', event: 'PreToolUse' }],
    ['PostToolUse', { kind: 'working', event: 'PostToolUse' }],
    [
      'Notification-permission_prompt',
      { kind: 'notification', notificationType: 'permission_prompt', message: 'Qwen Code needs your permission to use run_shell_command' },
    ],
    ['Notification-idle_prompt', { kind: 'notification', notificationType: 'idle_prompt', message: 'Qwen Code is waiting for your input' }],
  ])('%s becomes %o', (name, signal) => {
    const d = read(name);
    expect(d.signal).toEqual(signal);
    expect(d.sessionId).toBe(payload(name)['session_id']);
  });

  it("keeps Qwen's own tool name beside Claude's", () => {
    expect(read('PermissionRequest').payload).toMatchObject({ tool_name: 'Bash', qwen_tool_name: 'run_shell_command' });
  });
});
