/**
 * The Slack transport on Slack's own libraries against the loopback stand-in: every envelope is
 * acknowledged, a dropped socket reconnects and gets what was not acknowledged, Slack's `disconnect`
 * is honoured at once, a refused token stops the loop, and a 429 comes back with its Retry-After
 * clamped. No token reaches an error or a log line.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BotApiError } from '../../../main/engine/phone/bot-api.ts';
import type { Logger } from '../../../main/engine/platform/log.ts';
import { RETRY_AFTER_MAX_S, SlackApi } from '../../../main/engine/slack/slack-api.ts';
import type { SlackEnvelope } from '../../../main/engine/slack/slack-socket.ts';
import { SlackSocket } from '../../../main/engine/slack/slack-socket.ts';
import { poll } from '../../support/poll.ts';
import { SlackStandIn } from '../../support/slack-api/stand-in.ts';

let slack: SlackStandIn;
let socket: SlackSocket | null = null;
const lines: string[] = [];
const logger: Logger = { log: (level, event, fields) => lines.push(JSON.stringify({ level, event, ...fields })) };

beforeEach(async () => {
  slack = await SlackStandIn.start();
  lines.length = 0;
});
afterEach(async () => {
  await socket?.stop();
  socket = null;
  await slack.close();
});

function connect(handled: SlackEnvelope[], states: (string | null)[] = [], unauthorized: string[] = []): SlackSocket {
  socket = new SlackSocket({
    apiBase: slack.apiBase,
    appToken: slack.appToken,
    logger,
    handle: async (e) => void handled.push(e),
    state: (connected, error) => states.push(connected ? 'connected' : error),
    unauthorized: (m) => unauthorized.push(m),
  });
  socket.start();
  return socket;
}

describe('Slack Socket Mode', () => {
  it('acknowledges every envelope and hands it on', async () => {
    const handled: SlackEnvelope[] = [];
    connect(handled);
    await poll(() => slack.openSockets === 1, 'connected');
    const ada = slack.addUser('U0ADA', 'Ada Lovelace');
    const id = slack.dm(ada, 'hello').envelopeId;
    const pressId = slack.pressValue(ada, slack.dmChannel(ada.id), '1.0', 'v1:xxxx');
    await poll(() => handled.length === 2, 'both handled');
    expect(handled.map((h) => [h.type, h.envelopeId])).toEqual([
      ['events_api', id],
      ['interactive', pressId],
    ]);
    await poll(() => slack.acks.has(id) && slack.acks.has(pressId), 'both acknowledged');
    expect(slack.unacked()).toBe(0);
  });

  it('reconnects after a drop, and what was not acknowledged comes on the new socket (once handled per delivery)', async () => {
    const handled: SlackEnvelope[] = [];
    const states: (string | null)[] = [];
    connect(handled, states);
    await poll(() => slack.openSockets === 1, 'connected');
    slack.dropSockets();
    const ada = slack.addUser('U0ADA', 'Ada Lovelace');
    // Sent while no socket is open: delivered on the next connection.
    const id = slack.dm(ada, 'while away').envelopeId;
    await poll(() => handled.some((h) => h.envelopeId === id), 'delivered after the reconnect', { timeoutMs: 15_000 }).catch((e) => {
      console.log(lines, states, slack.connections);
      throw e;
    });
    expect(slack.connections).toBe(2);
    expect(states).toContain('connected');
    expect(states.filter((s) => s !== 'connected').length).toBeGreaterThanOrEqual(1);
    await poll(() => slack.acks.has(id), 'acknowledged');
  });

  it("honours Slack's disconnect at once", async () => {
    connect([]);
    await poll(() => slack.connections === 1 && slack.openSockets === 1, 'connected');
    const asked = Date.now();
    slack.askToReconnect('warning');
    await poll(() => slack.connections === 2 && slack.openSockets === 1, 'reconnected');
    // No backoff after a disconnect Slack asked for (a drop waits a second first).
    expect(Date.now() - asked).toBeLessThan(5_000);
    expect(lines.some((l) => l.includes('slack.disconnect-asked'))).toBe(true);
  });

  it('stops for good when the app token is refused', async () => {
    const unauthorized: string[] = [];
    slack.revoke();
    connect([], [], unauthorized);
    await poll(() => unauthorized.length === 1, 'told');
    expect(unauthorized[0]).toMatch(/invalid_auth/);
    expect(slack.callsOf('apps.connections.open')).toHaveLength(1);
  });

  it('backs off when apps.connections.open fails, then connects', async () => {
    slack.fail('apps.connections.open', { kind: 'status', status: 500 });
    const states: (string | null)[] = [];
    connect([], states);
    await poll(() => slack.openSockets === 1, 'connected', { timeoutMs: 15_000 });
    expect(slack.callsOf('apps.connections.open')).toHaveLength(2);
    expect(states[0]).toMatch(/HTTP 500/);
  });
});

describe('Slack Web API', () => {
  it('answers a 429 as rate-limited with its Retry-After, clamped', async () => {
    const api = new SlackApi({ apiBase: slack.apiBase, token: slack.botToken, logger });
    slack.fail('chat.postMessage', { kind: 'rate-limited', retryAfterS: 7 });
    const first = await api.call('chat.postMessage', { channel: 'D0ADA', text: 'x' }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(BotApiError);
    expect((first as BotApiError).failure).toBe('rate-limited');
    expect((first as BotApiError).retryAfterS).toBe(7);
    slack.fail('chat.postMessage', { kind: 'rate-limited', retryAfterS: 86_400 });
    const huge = (await api.call('chat.postMessage', { channel: 'D0ADA', text: 'x' }).catch((e: unknown) => e)) as BotApiError;
    expect(huge.retryAfterS).toBe(RETRY_AFTER_MAX_S);
    // Nothing was retried behind our back: the send queue decides.
    expect(slack.callsOf('chat.postMessage')).toHaveLength(2);
  });

  it('says invalid_auth as unauthorized, and no error or log line carries a token', async () => {
    const wrong = `xoxb-${'9'.repeat(12)}-${'9'.repeat(13)}-${'z'.repeat(24)}`;
    const api = new SlackApi({ apiBase: slack.apiBase, token: wrong, logger });
    const e = (await api.call('auth.test').catch((x: unknown) => x)) as BotApiError;
    expect(e.failure).toBe('unauthorized');
    const dropped = new SlackApi({ apiBase: 'http://127.0.0.1:1/api/', token: wrong, logger });
    const n = (await dropped.call('auth.test').catch((x: unknown) => x)) as BotApiError;
    expect(n.failure).toBe('network');
    for (const text of [e.message, n.message, ...lines]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toMatch(/xox[bp]-|xapp-/);
    }
  });
});
