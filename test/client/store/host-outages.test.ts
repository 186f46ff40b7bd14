import { describe, expect, it } from 'vitest';
import type { HostChangeDto } from '../../../preload/contract/events.ts';
import { applyHostChange, hostOutageText, type HostOutage } from '../../../client/store/host-outages.ts';

const SINCE = Date.UTC(2026, 10, 26, 14, 2, 11);
const down = (host: string, since = SINCE): HostChangeDto => ({
  host,
  state: 'unreachable',
  since,
  reason: `host ${host} unreachable since ${new Date(since).toISOString()}: the host cannot be reached (Connection refused)`,
});
const iso = (ms: number) => new Date(ms).toISOString().slice(11, 19);

describe('host outages', () => {
  it('adds a host when it becomes unreachable, once, in name order, and clears it on return or removal', () => {
    let o: HostOutage[] = [];
    o = applyHostChange(o, down('gpu'));
    o = applyHostChange(o, down('build'));
    o = applyHostChange(o, down('gpu', SINCE + 5000));
    expect(o.map((x) => [x.host, x.since])).toEqual([
      ['build', SINCE],
      ['gpu', SINCE + 5000],
    ]);
    o = applyHostChange(o, { host: 'gpu', state: 'reachable', since: SINCE + 60_000 });
    expect(o.map((x) => x.host)).toEqual(['build']);
    o = applyHostChange(o, { host: 'build', state: 'removed', since: SINCE + 70_000 });
    expect(o).toEqual([]);
    // A return nobody saw go down changes nothing.
    expect(applyHostChange([], { host: 'vm', state: 'reachable', since: SINCE })).toEqual([]);
  });

  it('says which host, since when (time of day and age) and why, without repeating the engine prefix', () => {
    const [outage] = applyHostChange([], down('gpu'));
    expect(hostOutageText(outage!, SINCE + 245_000, iso)).toBe(
      'Host gpu unreachable since 14:02:11 (4m 05s): the host cannot be reached (Connection refused). Its agents keep their place; nothing is sent to it.',
    );
    const odd: HostOutage = { host: 'vm', since: SINCE, reason: 'something else entirely' };
    expect(hostOutageText(odd, SINCE, iso)).toBe(
      'Host vm unreachable since 14:02:11 (0s): something else entirely. Its agents keep their place; nothing is sent to it.',
    );
  });
});
