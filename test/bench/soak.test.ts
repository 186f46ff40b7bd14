/**
 * Smoke test of the soak phase at a tiny size: the daemon in its own process, a few looping agents
 * answered through the API, panes replaced, samples taken and reported. It checks that the phase
 * runs and reports — never the slopes, which a few seconds on a loaded machine cannot judge.
 */
import { describe, expect, it } from 'vitest';
import { formatReport } from '../../bench/report.ts';
import { runSoak } from '../../bench/soak.ts';

describe('bench: soak', () => {
  it('samples the daemon, replaces panes and reports every measure with its slope', async () => {
    const r = await runSoak({
      agents: 4,
      warmupMs: 4000,
      durationMs: 12_000,
      sampleEveryMs: 2000,
      churnEveryMs: 5000,
      workStepMs: 500,
      replyAfterMs: 500,
    });
    expect(r.samples.length).toBeGreaterThanOrEqual(3);
    expect(r.samples.every((s) => s.rssBytes > 0 && s.heapUsedBytes > 0 && s.fds > 0)).toBe(true);
    // The engine's one control-mode connection to the fleet's server.
    expect(r.samples.every((s) => s.tmuxClients >= 1)).toBe(true);
    expect(r.panesReplaced).toBeGreaterThanOrEqual(1);
    const names = r.measures.map((m) => m.measure);
    expect(names).toEqual(expect.arrayContaining(['engine RSS', 'V8 heap used', 'open file descriptors', 'WAL', 'rows: audit']));
    expect(r.measures.find((m) => m.measure === 'engine RSS')?.trend.slopePerHour).not.toBeNull();
    // Memory is read at its live set: the daemon runs with --expose-gc and collects before each sample.
    expect(r.samples.every((s) => s.gcForced)).toBe(true);
    const report = formatReport({ soak: r });
    expect(report).toContain('soak, 4 agents: engine RSS (slope/h)');
    expect(report).toContain('not judged: run shorter than 20 min');
  }, 120_000);
});
