import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiEndpoint } from '../../../main/engine/http/api-endpoint.ts';
import type { ApiEndpoint } from '../../../main/engine/http/api-endpoint.ts';
import { HOOK_PATH, readEndpointFile } from '../../../main/engine/http/endpoint-file.ts';
import { MemoryHookEventCounter } from '../../../main/engine/hooks/hook-event-counter.ts';
import { readHookDelivery, registerHookIngest } from '../../../main/engine/hooks/hook-ingest.ts';
import type { HookDelivery } from '../../../main/engine/hooks/hook-ingest.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { allRecordedHooks, hookExample } from './fixture-hooks.ts';
import { postJson, reasonOf, tempDir } from '../http/http-helpers.ts';
import { poll } from '../../support/poll.ts';

let home: string;
let cleanup: () => void;
let api: ApiEndpoint;
let deliveries: HookDelivery[];
let counter: MemoryHookEventCounter;
const clock = new ManualClock(1_800_000_000_000);

beforeEach(async () => {
  ({ dir: home, cleanup } = tempDir('tb-ingest'));
  deliveries = [];
  counter = new MemoryHookEventCounter();
  api = await startApiEndpoint({
    home,
    endpointFile: path.join(home, 'endpoint.json'),
    port: 0,
    clock,
    logger: silentLogger,
    pid: process.pid,
    setup: (server) => registerHookIngest(server, { clock, counter, deliver: (d) => deliveries.push(d) }),
  });
});

afterEach(async () => {
  await api.close();
  cleanup();
});

function envelope(payload: unknown, pane: string | null = '%3') {
  return { v: 1, event: null, tmuxPane: pane, tmuxSocket: '/tmp/tmux-1000/default', ppid: 4242, payload };
}

describe('hook ingest on a running server', () => {
  it('publishes port and token file in the endpoint file', () => {
    expect(readEndpointFile(path.join(home, 'endpoint.json'))).toMatchObject({
      port: api.port,
      tokenFile: api.tokenFile,
      hookPath: HOOK_PATH,
    });
  });

  it('accepts every recorded payload of both versions and delivers each in order', async () => {
    const recorded = allRecordedHooks();
    for (const r of recorded) {
      const res = await postJson(api.port, HOOK_PATH, api.token, envelope(r.payload, r.env['TMUX_PANE'] ?? null));
      expect(res.status).toBe(202);
    }
    await poll(() => deliveries.length === recorded.length, 'all deliveries');
    expect(deliveries.map((d) => d.event)).toEqual(recorded.map((r) => r.event));
    expect(deliveries.every((d) => d.origin.tmuxPane === '%0' && d.origin.ppid === 4242)).toBe(true);
  });

  it('delivers the signal with the session id and receive time', async () => {
    await postJson(api.port, HOOK_PATH, api.token, envelope(hookExample('PermissionRequest.json')));
    await poll(() => deliveries.length === 1, 'delivery');
    expect(deliveries[0]).toMatchObject({
      at: 1_800_000_000_000,
      sessionId: '67394c8a-6c70-4514-8995-3cc730f52394',
      origin: { tmuxPane: '%3', tmuxSocket: '/tmp/tmux-1000/default', ppid: 4242 },
      signal: { kind: 'permission-request', tool: 'Bash', subject: 'ls -la /tmp' },
    });
  });

  it('counts arrivals per event for `hooks status`', async () => {
    await postJson(api.port, HOOK_PATH, api.token, envelope(hookExample('Stop.json')));
    await postJson(api.port, HOOK_PATH, api.token, envelope(hookExample('Stop.json')));
    expect(counter.snapshot()).toEqual({ Stop: { count: 2, lastAt: 1_800_000_000_000 } });
  });

  it('refuses a schema-invalid payload with 422, counts it, delivers nothing, and keeps serving', async () => {
    const { tool_name: _t, ...broken } = hookExample('PermissionRequest.json');
    const res = await postJson(api.port, HOOK_PATH, api.token, envelope(broken));
    expect(res.status).toBe(422);
    expect(reasonOf(res)).toBe('schema-invalid');
    expect(api.server.rejections.get('schema-invalid')).toBe(1);
    expect((await postJson(api.port, HOOK_PATH, api.token, envelope(hookExample('Stop.json')))).status).toBe(202);
    await poll(() => deliveries.length === 1, 'good delivery');
    expect(deliveries[0]?.event).toBe('Stop');
  });

  it('refuses a payload that arrived as text (the forwarder could not parse stdin)', async () => {
    const res = await postJson(api.port, HOOK_PATH, api.token, envelope('{"truncated'));
    expect(res.status).toBe(422);
  });

  it('refuses an envelope with a pane id that is not a tmux pane id', async () => {
    const res = await postJson(api.port, HOOK_PATH, api.token, envelope(hookExample('Stop.json'), 'pane-3'));
    expect(res.status).toBe(422);
    expect(deliveries).toHaveLength(0);
  });

  it('refuses an unknown event as unknown-event', async () => {
    const res = await postJson(api.port, HOOK_PATH, api.token, envelope({ ...hookExample('Stop.json'), hook_event_name: 'Nope' }));
    expect(reasonOf(res)).toBe('unknown-event');
  });
});

describe('hook payloads are cleaned at the door', () => {
  const env = (payload: Record<string, unknown>) => ({ v: 1, event: null, tmuxPane: '%3', tmuxSocket: null, ppid: null, payload });

  it('Stop: the last assistant message keeps no escape sequence or bidi override', () => {
    const reading = readHookDelivery(
      env({ ...hookExample('Stop.json'), last_assistant_message: 'done\x1b]52;c;eA==\x07 \u2066x' }),
      0,
      null,
    );
    expect(reading.ok && reading.delivery.signal).toMatchObject({ kind: 'stop', lastAssistantMessage: 'done␛]52;c;eA==␇ <U+2066>x' });
  });

  it('Notification: the message; Write: the file path in the subject', () => {
    const note = readHookDelivery(env({ ...hookExample('Notification.json'), message: 'needs\x1b[2K you' }), 0, null);
    expect(note.ok && note.delivery.signal).toMatchObject({ message: 'needs␛[2K you' });
    const write = readHookDelivery(
      env({ ...hookExample('PermissionRequest.json'), tool_name: 'Write', tool_input: { file_path: '/tmp/a\u202Etxt.sh', content: '' } }),
      0,
      null,
    );
    expect(write.ok && write.delivery.signal).toMatchObject({ subject: '/tmp/a<U+202E>txt.sh' });
  });
});
