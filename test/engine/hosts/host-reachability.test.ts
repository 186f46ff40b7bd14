import { describe, expect, it } from 'vitest';
import type { HostLinkStatus } from '../../../main/engine/hosts/host-client.ts';
import { hostReach, reachChange } from '../../../main/engine/hosts/host-reachability.ts';

const up = (since: number): HostLinkStatus => ({ kind: 'up', since });
const down = (since: number, failures: number): HostLinkStatus => ({
  kind: 'down',
  since,
  message: 'the host cannot be reached',
  failure: 'unreachable',
  failures,
  retryAt: since + 1_000,
});

describe('hostReach', () => {
  it('is undecided while connecting and while a lost channel reconnects (no failed attempt yet)', () => {
    expect(hostReach('gpu', [{ kind: 'connecting', since: 1 }])).toBeNull();
    expect(hostReach('gpu', [down(5, 0)])).toBeNull();
    expect(hostReach('gpu', [])).toBeNull();
  });

  it('is unreachable once ssh failed on any server, since the earliest outage, with the reason', () => {
    expect(hostReach('gpu', [up(1), down(7, 2), down(5, 1)])).toEqual({
      kind: 'unreachable',
      since: 5,
      reason: expect.stringMatching(/^host gpu unreachable since 1970-.*cannot be reached/),
    });
  });

  it('is reachable when every server answers, tmux running or not', () => {
    expect(hostReach('gpu', [up(3), { kind: 'no-server', since: 9, retryAt: 20 }])).toEqual({ kind: 'reachable', since: 9 });
    expect(hostReach('gpu', [up(3), { kind: 'connecting', since: 4 }])).toBeNull();
  });
});

describe('reachChange', () => {
  it('says only what differs from the last announced reach', () => {
    expect(reachChange('reachable', { kind: 'reachable', since: 1 })).toBeNull();
    expect(reachChange('reachable', null)).toBeNull();
    expect(reachChange('reachable', { kind: 'unreachable', since: 1, reason: 'r' })).toEqual({
      kind: 'unreachable',
      since: 1,
      reason: 'r',
    });
    expect(reachChange('unreachable', { kind: 'unreachable', since: 1, reason: 'other words' })).toBeNull();
    expect(reachChange('unreachable', { kind: 'reachable', since: 2 })).toEqual({ kind: 'reachable', since: 2 });
  });
});
