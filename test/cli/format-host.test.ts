import { describe, expect, it } from 'vitest';
import { formatOutcome, formatQueueTable } from '../../main/cli/format-queue.ts';
import type { AgentStatus } from '../../main/cli/format-status.ts';
import { formatStatusJson, formatStatusTable } from '../../main/cli/format-status.ts';
import { queueItem as item } from '../support/queue-items.ts';

describe('CLI lines name the host', () => {
  it('queue: a remote item shows host:target, and (unreachable) while out of sight', () => {
    const now = item().firstSeen;
    const out = formatQueueTable([item({ id: 'a' }), item({ id: 'b', host: 'gpu', unreachable: 'host gpu unreachable since …' })], now);
    expect(out).toMatch(/^a\s+api-worker:1\.0\s/m);
    expect(out).toMatch(/^b\s+gpu:api-worker:1\.0 \(unreachable\)\s/m);
  });

  it('status: a HOST column only when some agent runs elsewhere; --json always carries host', () => {
    const base: AgentStatus = {
      pane: '%1',
      server: 'default',
      host: null,
      target: 'w:1.0',
      runtime: 'claude',
      runtimeVerified: true,
      state: 'idle',
      since: new Date(0).toISOString(),
    };
    expect(formatStatusTable([base], 0)).not.toMatch(/HOST/);
    const remote: AgentStatus = {
      ...base,
      pane: '%2',
      server: '@gpu:default',
      host: 'gpu',
      state: 'unreachable',
      unreachable: 'host gpu unreachable since 1970-01-01T00:00:00.000Z: the host cannot be reached',
    };
    const table = formatStatusTable([base, remote], 0);
    expect(table).toMatch(/^PANE\s+HOST\s+TARGET/);
    expect(table).toMatch(/gpu\s+w:1\.0\s+claude\s+unreachable\s+\S+\s+host gpu unreachable since/);
    expect(JSON.parse(formatStatusJson([base, remote])).agents.map((a: AgentStatus) => a.host)).toEqual([null, 'gpu']);
  });

  it('an action outcome on a remote item names the host; a local one reads as before', () => {
    const o = { itemId: 'b', action: 'approve', outcome: 'refused', message: 'host gpu unreachable since …; nothing was sent' } as const;
    expect(formatOutcome(o, 'gpu')).toBe('approve b on host gpu: refused — host gpu unreachable since …; nothing was sent\n');
    expect(formatOutcome({ ...o, itemId: 'a', outcome: 'confirmed', message: 'sent 1' })).toBe('approve a: confirmed — sent 1\n');
  });
});

describe('CLI tables escape at output (defence in depth)', () => {
  it('queue and status cells show escapes, controls and bidi overrides as text, whatever they hold', () => {
    const hostile = 'ls\x1b]0;t\x07\x1b[2K \u202Eab\r\n\x9b2K';
    const queue = formatQueueTable([item({ id: 'a', subject: hostile, target: 'w\x1b[31m:1.0' })], item().firstSeen);
    // eslint-disable-next-line no-control-regex
    expect(queue).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(queue).toContain('ls␛]0;t␇␛[2K <U+202E>ab <U+009B>2K');
    expect(queue).toContain('w␛[31m:1.0');
    const out = formatOutcome({ action: 'approve', itemId: 'a', outcome: 'changed', message: 'x\x1b[2Ky\nz' } as never);
    expect(out).toBe('approve a: changed — x␛[2Ky␤z\n');
  });
});
