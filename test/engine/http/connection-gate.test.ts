import { describe, expect, it } from 'vitest';
import { ConnectionGate } from '../../../main/engine/http/connection-gate.ts';
import type { GateSocket } from '../../../main/engine/http/connection-gate.ts';
import { ManualClock } from '../../support/manual-clock.ts';

class FakeSocket implements GateSocket {
  destroyed = false;
  private onClose: (() => void) | null = null;
  constructor(
    readonly name: string,
    readonly remoteAddress = '127.0.0.1',
  ) {}
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.onClose?.();
  }
  once(_event: 'close', listener: () => void): void {
    this.onClose = listener;
  }
}

describe('ConnectionGate', () => {
  it('displaces the oldest idle connection of a client that holds the most it may, never a busy one', () => {
    const clock = new ManualClock(0);
    const gate = new ConnectionGate<FakeSocket>({ clock, idleTimeoutMs: 10_000, maxIdlePerClient: 2 });
    const [busy, a, b, c] = ['busy', 'a', 'b', 'c'].map((n) => new FakeSocket(n)) as [FakeSocket, FakeSocket, FakeSocket, FakeSocket];
    gate.admit(busy);
    gate.requestStarted(busy);
    clock.advance(1);
    gate.admit(a);
    clock.advance(1);
    gate.admit(b);
    clock.advance(1);
    gate.admit(c);
    expect([busy, a, b, c].map((s) => s.destroyed)).toEqual([false, true, false, false]);
    expect(gate.stats()).toMatchObject({ open: 3, idle: 2, displaced: 1 });
    gate.dispose();
  });

  it('closes connections idle past the timeout, counts from the end of the last request, and holds no timer when none is idle', () => {
    const clock = new ManualClock(0);
    const gate = new ConnectionGate<FakeSocket>({ clock, idleTimeoutMs: 1_000, maxIdlePerClient: 10 });
    const idle = new FakeSocket('idle');
    const served = new FakeSocket('served');
    gate.admit(idle);
    gate.admit(served);
    gate.requestStarted(served);
    clock.advance(900);
    gate.requestEnded(served);
    clock.advance(400);
    expect([idle.destroyed, served.destroyed]).toEqual([true, false]);
    clock.advance(1_000);
    expect(served.destroyed).toBe(true);
    expect(gate.stats()).toMatchObject({ open: 0, idleTimedOut: 2 });
    expect(clock.pending).toBe(0);
  });
});
