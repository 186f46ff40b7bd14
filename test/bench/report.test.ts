import { describe, expect, it } from 'vitest';
import type { CpuResult } from '../../bench/cpu.ts';
import type { DetectionResult } from '../../bench/detection.ts';
import type { BenchResults } from '../../bench/report.ts';
import { formatReport, verdicts } from '../../bench/report.ts';
import { summarize } from '../../bench/stats.ts';

function detection(agents: number, latencies: number[], approvals: number[]): DetectionResult {
  return {
    agents,
    windowMs: 10_000,
    detection: summarize(latencies),
    missed: 0,
    approve: summarize(approvals),
    approveOutcomes: { confirmed: approvals.length },
    keysReceived: { '1': approvals.length },
    unexpectedKeys: 0,
    detectionByRuntime: {},
  };
}

function cpu(panes: number, enginePct: number): CpuResult {
  const row = (watcher: 'engine' | 'observer-control' | 'observer-per-process', watcherPct: number) => ({
    panes,
    watcher,
    windowMs: 20_000,
    processPct: watcherPct,
    clientsPct: 0,
    watcherPct,
    serverExtraPct: 1,
    totalPct: watcherPct + 1,
    ticksPerS: watcher === 'engine' ? null : 1,
    capturesPerS: watcher === 'engine' ? null : 12,
  });
  return {
    panes,
    mix: { idle: panes },
    serverIdlePct: 0.5,
    rows: [row('engine', enginePct), row('observer-control', 1), row('observer-per-process', 20)],
  };
}

describe('bench report', () => {
  it('holds each detection and approve p95 against its target', () => {
    const v = verdicts({ detection: [detection(1, [500, 1600], [20, 30]), detection(20, [500, 700], [100, 200])] });
    expect(v.map((x) => [x.measure, x.pass])).toEqual([
      ['detection, 1 agents', false],
      ['detection, 20 agents', true],
      ['approve, 1 agents', true],
      ['approve, 20 agents', false],
    ]);
  });

  it('judges CPU by the engine row at 50 and 200 panes, and no other size', () => {
    const v = verdicts({ cpu: [cpu(10, 9), cpu(50, 1.4), cpu(200, 5.5)] });
    expect(v.map((x) => [x.measure, x.value, x.pass])).toEqual([
      ['CPU, engine watching 50 panes', 1.4, true],
      ['CPU, engine watching 200 panes', 5.5, false],
    ]);
  });

  it('reports the per-process baseline as a ratio over control mode', () => {
    expect(formatReport({ cpu: [cpu(50, 1.4)] })).toMatch(/\|\s+50 \| idle×50\s+\|\s+0\.5 \|\s+20 \|\s+10\.5 \|/);
  });

  it('says plainly when the engine does not take hooks, with no verdict for the hook targets', () => {
    const results: BenchResults = {
      hooks: {
        ingest: {
          postToDelivery: summarize([3, 4]),
          forwarderToDelivery: summarize([120]),
          forwarderRun: summarize([130]),
          bareNodeRun: summarize([100]),
        },
        fusion: {
          wired: false,
          probeStatus: 404,
          postToItem: null,
          forwarderToItem: null,
          missed: 0,
          approveOutcomes: {},
          firstRefusal: null,
        },
      },
    };
    expect(formatReport(results)).toContain('engine: hooks not accepted (HTTP 404) — not measured');
    expect(verdicts(results).map((x) => x.pass)).toEqual([null, null]);
  });

  it('shows a phase that failed with its error instead of numbers', () => {
    expect(formatReport({ detection: { error: 'tmux not installed' } })).toContain('FAILED: tmux not installed');
  });
});

describe('the remote phase in the report', () => {
  const row = (mode: 'ssh' | 'local', p95: number, enginePct: number, sshPerHost: number) => ({
    mode,
    detection: summarize([p95 / 2, p95]),
    missed: 0,
    approve: summarize([10, 20]),
    approveOutcomes: { confirmed: 2 },
    keysReceived: { '1': 2 },
    enginePct,
    sshPct: 0.1,
    sshPerHost,
  });

  it('holds the ssh row against the targets and prints the ratio to the local row', () => {
    const r: BenchResults = {
      remote: {
        hosts: 4,
        panesPerHost: 50,
        loopingPerHost: 10,
        windowMs: 30_000,
        rows: [row('ssh', 1400, 3, 1), row('local', 700, 1.5, 0)],
      },
    };
    expect(verdicts(r).map((v) => [v.measure, v.pass])).toEqual([
      ['detection, 4 hosts × 50 panes over ssh', true],
      ['approve, 4 hosts × 50 panes over ssh', true],
      ['CPU, engine, 4 hosts × 50 panes over ssh', true],
      ['ssh processes per host, 4 hosts × 50 panes over ssh', true],
    ]);
    expect(formatReport(r)).toMatch(/\|\s+2\s+\|\s+1\s+\|\s+2\s+\|/);
    const two = { remote: { hosts: 4, panesPerHost: 50, loopingPerHost: 10, windowMs: 30_000, rows: [row('ssh', 1400, 7, 2)] } };
    expect(
      verdicts(two)
        .filter((v) => !v.pass)
        .map((v) => v.measure),
    ).toEqual(['CPU, engine, 4 hosts × 50 panes over ssh', 'ssh processes per host, 4 hosts × 50 panes over ssh']);
  });
});
