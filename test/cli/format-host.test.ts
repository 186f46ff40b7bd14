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
