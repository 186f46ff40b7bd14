import { describe, expect, it } from 'vitest';
import { PHASES, parseBenchArgs } from '../../bench/options.ts';
import { ANSWER_SHOWN_MS } from '../support/scenarios/latency.ts';

function plan(argv: string[]) {
  const r = parseBenchArgs(argv);
  if (!r.ok) throw new Error(r.message);
  return r.plan;
}

describe('bench options', () => {
  it('runs every phase at the sizes of the issues by default', () => {
    const p = plan([]);
    expect(p.quick).toBe(false);
    expect(p.phases).toEqual([...PHASES]);
    expect(p.detection.map((d) => d.agents)).toEqual([1, 20, 100]);
    expect(p.cpu.map((c) => c.panes)).toEqual([50, 200]);
  });

  it('--quick keeps every phase at small sizes', () => {
    const p = plan(['--quick']);
    expect(p.quick).toBe(true);
    expect(p.phases).toEqual([...PHASES]);
    expect(Math.max(...p.detection.map((d) => d.agents))).toBeLessThanOrEqual(5);
    expect(Math.max(...p.cpu.map((c) => c.panes))).toBeLessThanOrEqual(10);
  });

  it('--only runs the named phases in the usual order, "approve" meaning detection', () => {
    expect(plan(['--only', 'hooks,approve']).phases).toEqual(['detection', 'hooks']);
    expect(plan(['--only=cpu']).phases).toEqual(['cpu']);
    expect(plan(['--phase', 'cli']).phases).toEqual(['cli']);
    expect(plan(['--phase=snapshot,cli']).phases).toEqual(['snapshot', 'cli']);
  });

  it.each([[[]], [['--quick']]])('remote %j: agents prompt at a pace poll keeps up with, a whole number of times per window', (argv) => {
    const { periodMs, windowMs } = plan(argv).remote;
    // Poll's slowest detection (~1.3 s) + the host's auto-approve delay (≤ 1 s) + the answer's shortest showing.
    expect(periodMs).toBeGreaterThanOrEqual(1300 + 1000 + ANSWER_SHOWN_MS);
    expect(windowMs % periodMs).toBe(0);
  });

  it('refuses an unknown phase or argument, naming it', () => {
    expect(parseBenchArgs(['--only', 'detection,speed'])).toMatchObject({ ok: false, message: expect.stringContaining('"speed"') });
    expect(parseBenchArgs(['--fast'])).toMatchObject({ ok: false, message: expect.stringContaining('"--fast"') });
    expect(parseBenchArgs(['--only'])).toMatchObject({ ok: false });
  });

  it('the soak: 100 agents for 20 min in full, about a minute with --quick, --soak-minutes sets its window', () => {
    expect(plan(['--only', 'soak']).soak).toMatchObject({ agents: 100, durationMs: 20 * 60_000, sampleEveryMs: 10_000 });
    const quick = plan(['--quick', '--only', 'soak']).soak;
    expect(quick.warmupMs + quick.durationMs).toBeLessThanOrEqual(75_000);
    expect(plan(['--only', 'soak', '--soak-minutes', '45']).soak.durationMs).toBe(45 * 60_000);
    expect(plan(['--soak-minutes=0.5']).soak.durationMs).toBe(30_000);
    expect(parseBenchArgs(['--soak-minutes', 'long'])).toMatchObject({ ok: false, message: expect.stringContaining('"long"') });
    expect(parseBenchArgs(['--soak-minutes', '0'])).toMatchObject({ ok: false });
  });
});
