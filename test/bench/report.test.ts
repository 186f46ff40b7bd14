import { describe, expect, it } from 'vitest';
import type { CpuResult } from '../../bench/cpu-modes.ts';
import { modeComparison } from '../../bench/cpu-modes.ts';
import { windowOrder } from '../../bench/cpu.ts';
import type { DetectionResult } from '../../bench/detection.ts';
import type { BenchResults } from '../../bench/report.ts';
import { formatReport, verdicts } from '../../bench/report.ts';
import { remoteModeComparison } from '../../bench/remote.ts';
import { summarize } from '../../bench/stats.ts';

function detection(
  agents: number,
  latencies: number[],
  approvals: number[],
  mode: 'events' | 'poll' = 'poll',
  wrongReads = 0,
): DetectionResult {
  return {
    agents,
    mode,
    busy: Math.round(agents / 5),
    windowMs: 10_000,
    detection: summarize(latencies),
    missed: 0,
    approve: summarize(approvals),
    approveOutcomes: { confirmed: approvals.length },
    keysReceived: { '1': approvals.length },
    unexpectedKeys: 0,
    detectionByRuntime: {},
    wrongReads,
    wrongKeys: 0,
    wrongExamples:
      wrongReads > 0
        ? ['kiro #4: queued as dialog (kiro, approve null), expected permission (kiro, approve "Yes, single permission")']
        : [],
  };
}

function cpu(panes: number, enginePct: number): CpuResult {
  const row = (watcher: 'engine' | 'engine-poll' | 'observer-control' | 'observer-per-process', watcherPct: number) => ({
    panes,
    watcher,
    windowMs: 20_000,
    processPct: watcherPct,
    clientsPct: 0,
    watcherPct,
    serverExtraPct: 1,
    serverPct: 1,
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
    const v = verdicts({
      detection: [
        detection(1, [500, 1600], [20, 30]),
        detection(20, [500, 700], [100, 200]),
        detection(20, [200, 350], [20, 30], 'events', 1),
      ],
    });
    expect(v.map((x) => [x.measure, x.pass])).toEqual([
      ['detection, 1 agents (poll)', false],
      ['detection, 20 agents (poll)', true],
      ['detection, 20 agents (events)', false], // events mode is held to 300 ms
      ['approve, 1 agents (poll)', true],
      ['approve, 20 agents (poll)', false],
      ['approve, 20 agents (events)', true],
      // A prompt read as something else fails the run whatever its latency.
      ['detection reads, 1 agents (poll): missed + wrong', true],
      ['detection reads, 20 agents (poll): missed + wrong', true],
      ['detection reads, 20 agents (events): missed + wrong', false],
    ]);
  });

  it('judges CPU by the engine row at 50 and 200 panes, and no other size', () => {
    const v = verdicts({ cpu: [cpu(10, 9), cpu(50, 1.4), cpu(200, 5.5)] });
    expect(v.map((x) => [x.measure, x.value, x.pass])).toEqual([
      ['CPU, engine watching 50 panes', 1.4, true],
      ['CPU, engine watching 200 panes', 5.5, false],
    ]);
  });

  it('reports the engine in events mode against polling as a ratio from the same run', () => {
    const c = cpu(50, 1.2);
    const withPoll: CpuResult = { ...c, rows: [...c.rows, { ...c.rows[0]!, watcher: 'engine-poll', watcherPct: 1.6, totalPct: 2.6 }] };
    // One round: events watcher 1.2, + server 2.2; poll 1.6 and 2.6 → 0.75 and 0.85.
    expect(formatReport({ cpu: [withPoll] })).toMatch(
      /\|\s+50 \|\s+1 \|\s+1\.2 \|\s+1\.6 \|\s+0\.75 \|\s+2\.2 \|\s+2\.6 \|\s+0\.85 \| PASS/,
    );
  });

  it('compares the interleaved rounds of the two modes by their medians, and shows each round', () => {
    const c = cpu(200, 1);
    const at = (watcher: 'engine' | 'engine-poll', round: number, watcherPct: number, load: number) => ({
      ...c.rows[0]!,
      watcher,
      round,
      load,
      watcherPct,
      serverPct: 10,
    });
    // A load spike in round 2 makes that round's events window dear; the medians are not moved by it.
    const rounds: CpuResult = {
      ...c,
      rows: [
        at('engine-poll', 1, 2, 3),
        at('engine', 1, 1, 3),
        at('engine', 2, 9, 14),
        at('engine-poll', 2, 3, 14),
        at('engine-poll', 3, 2.5, 4),
        at('engine', 3, 1.5, 4),
        ...c.rows.slice(1),
      ],
    };
    const m = modeComparison(rounds)!;
    expect([m.rounds, m.eventsWatcherPct, m.pollWatcherPct, m.watcherRatio]).toEqual([3, 1.5, 2.5, 0.6]);
    expect(m.withServerRatio).toBeCloseTo(11.5 / 12.5);
    expect(m.perRound.map((x) => x.watcher)).toEqual([0.5, 3, 0.6]);
    expect(verdicts({ cpu: [rounds] }).find((v) => v.measure.includes('events ÷ poll'))).toMatchObject({ pass: true });
    const report = formatReport({ cpu: [rounds] });
    expect(report).toMatch(/\|\s+200 \|\s+3 \|\s+1\.5 \|\s+2\.5 \|\s+0\.6 \|/);
    expect(report).toMatch(/\|\s+200 \|\s+2 \|\s+3 \|\s+1\.46 \| 14\.0 \/ 14\.0/);
    expect(report).toContain('engine #2');
  });

  it('interleaves the modes ABBA over the rounds, then runs the other watchers once', () => {
    expect(windowOrder(['engine', 'engine-poll', 'observer-control'], 3)).toEqual([
      ['engine-poll', 1],
      ['engine', 1],
      ['engine', 2],
      ['engine-poll', 2],
      ['engine-poll', 3],
      ['engine', 3],
      ['observer-control', null],
    ]);
    expect(windowOrder(['engine', 'observer-control'], 2)).toEqual([
      ['engine', null],
      ['engine', null],
      ['observer-control', null],
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
  const row = (mode: 'ssh' | 'local', p95: number, enginePct: number, sshPerHost: number, observe: 'events' | 'poll' = 'poll') => ({
    mode,
    observe,
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
        rows: [row('ssh', 400, 3, 1, 'events'), row('local', 200, 1.5, 0, 'events')],
      },
    };
    expect(verdicts(r).map((v) => [v.measure, v.pass])).toEqual([
      ['detection, 4 hosts × 50 panes over ssh (events)', true],
      ['approve, 4 hosts × 50 panes over ssh', true],
      ['CPU, engine, 4 hosts × 50 panes over ssh', true],
      ['ssh processes per host, 4 hosts × 50 panes over ssh', true],
    ]);
    expect(formatReport(r)).toMatch(/\|\s+2\s+\|\s+1\s+\|\s+2\s+\|/);
    const two = { remote: { hosts: 4, panesPerHost: 50, loopingPerHost: 10, windowMs: 30_000, rows: [row('ssh', 400, 7, 2, 'events')] } };
    expect(
      verdicts(two)
        .filter((v) => !v.pass)
        .map((v) => v.measure),
    ).toEqual(['CPU, engine, 4 hosts × 50 panes over ssh', 'ssh processes per host, 4 hosts × 50 panes over ssh']);
  });

  it('holds the ssh row with change events to 500 ms, and its CPU to the polling row of the same run', () => {
    const rows = [row('ssh', 450, 2, 1, 'events'), row('ssh', 1300, 2.5, 1, 'poll'), row('local', 200, 1, 0, 'events')];
    const v = verdicts({ remote: { hosts: 4, panesPerHost: 50, loopingPerHost: 10, windowMs: 30_000, rows } });
    expect(v.map((x) => [x.measure, x.pass])).toEqual([
      ['detection, 4 hosts × 50 panes over ssh (events)', true],
      ['CPU, engine + its ssh, 4 hosts × 50 panes over ssh: events ÷ poll (medians of 1 round)', true],
      ['CPU, engine + its ssh per prompt detected, 4 hosts × 50 panes over ssh: events ÷ poll (medians of 1 round)', true],
      ['approve, 4 hosts × 50 panes over ssh', true],
      ['CPU, engine, 4 hosts × 50 panes over ssh', true],
      ['ssh processes per host, 4 hosts × 50 panes over ssh', true],
    ]);
    const slow = [row('ssh', 600, 3, 1, 'events'), row('ssh', 1300, 2.5, 1, 'poll')];
    expect(
      verdicts({ remote: { hosts: 4, panesPerHost: 50, loopingPerHost: 10, windowMs: 30_000, rows: slow } })
        .filter((x) => !x.pass)
        .map((x) => x.measure),
    ).toEqual([
      'detection, 4 hosts × 50 panes over ssh (events)',
      'CPU, engine + its ssh, 4 hosts × 50 panes over ssh: events ÷ poll (medians of 1 round)',
      'CPU, engine + its ssh per prompt detected, 4 hosts × 50 panes over ssh: events ÷ poll (medians of 1 round)',
    ]);
  });

  it('compares interleaved rounds by their medians, and per prompt detected (events answers more of them)', () => {
    const many = (n: number) => summarize(Array.from({ length: n }, (_, i) => 100 + i));
    const at = (observe: 'events' | 'poll', enginePct: number, n: number, round: number) => ({
      ...row('ssh', 400, enginePct, 1, observe),
      detection: many(n),
      sshPct: 0,
      serversPct: enginePct * 2,
      round,
    });
    // Events costs 1.2× poll's CPU in the window but detects 1.5× as many prompts; one wild round does not decide it.
    const rows = [
      at('events', 6, 300, 1),
      at('poll', 5, 200, 1),
      at('poll', 5, 200, 2),
      at('events', 60, 300, 2),
      at('events', 6, 300, 3),
      at('poll', 50, 200, 3),
    ];
    const m = remoteModeComparison({ hosts: 4, panesPerHost: 50, loopingPerHost: 10, windowMs: 30_000, rows });
    expect(m).toMatchObject({ rounds: 3, eventsLocalPct: 6, pollLocalPct: 5 });
    expect(m!.localRatio).toBeCloseTo(1.2, 5);
    expect(m!.perPromptRatio).toBeCloseTo(0.8, 5);
    expect(m!.serversRatio).toBeCloseTo(1.2, 5);
  });
});
