/**
 * The real Copilot CLI 1.0.102 hook payloads (test/fixtures/hooks/copilot, recorded with a tap hook file against
 * the live suite's mock): camelCase, no event name but the forwarder's argv; read as the Claude payload of the
 * same meaning.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copilotPayloadAsClaude } from '../../../main/engine/hooks/copilot-hooks.ts';
import { readHookDelivery } from '../../../main/engine/hooks/hook-ingest.ts';

const DIR = 'test/fixtures/hooks/copilot';
const payload = (name: string) => JSON.parse(readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as Record<string, unknown>;
const envelope = (p: unknown, event: string) => ({ v: 1, event, payload: p, tmuxPane: '%5', tmuxSocket: '/tmp/tmux-0/default', ppid: 9 });
const read = (name: string) => {
  const reading = readHookDelivery(envelope(payload(name), name), 1_000, null, copilotPayloadAsClaude);
  if (!reading.ok) throw new Error(`${name}: ${reading.message}`);
  return reading.delivery;
};

describe('Copilot CLI hook payloads', () => {
  it('has the recorded payloads', () => {
    expect(readdirSync(DIR).filter((n) => n.endsWith('.json')).length).toBeGreaterThanOrEqual(7);
  });

  it.each([
    ['permissionRequest', { kind: 'permission-request', tool: 'Bash', subject: 'echo ran >> ran.txt' }],
    ['agentStop', { kind: 'stop', lastAssistantMessage: null }],
    ['userPromptSubmitted', { kind: 'working', event: 'UserPromptSubmit' }],
    ['preToolUse', { kind: 'working', event: 'PreToolUse' }],
    ['postToolUse', { kind: 'working', event: 'PostToolUse' }],
    ['notification', { kind: 'notification', notificationType: 'permission_prompt', message: 'Run command: echo ran >> ran.txt' }],
    ['sessionStart', { kind: 'session-start', source: 'new' }],
  ])('%s becomes %o', (name, signal) => {
    const d = read(name);
    expect(d.signal).toEqual(signal);
    expect(d.sessionId).toBe(payload(name)['sessionId']);
  });

  it('a payload without an event name and no argv event is refused, not guessed', () => {
    const reading = readHookDelivery({ ...envelope(payload('agentStop'), 'agentStop'), event: null }, 1, null, copilotPayloadAsClaude);
    expect(reading.ok).toBe(false);
  });
});
