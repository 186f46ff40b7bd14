/** The crash suite's closing numbers: runs, time, restart latency, keys, audit rows, reminders. */
import type { CrashRunResult } from './crash-run.ts';

/** Value at quantile q (0..1) of an ascending list; null when empty. */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? null;
}

/** A printable summary and the same as JSON. */
export function summarize(results: readonly CrashRunResult[]): { readonly text: string; readonly json: Record<string, unknown> } {
  const durations = results.map((r) => r.durationMs).sort((a, b) => a - b);
  const restarts = results.flatMap((r) => r.restartMs).sort((a, b) => a - b);
  const total = durations.reduce((s, d) => s + d, 0);
  const sum = (f: (r: CrashRunResult) => number) => results.reduce((s, r) => s + f(r), 0);
  const json = {
    runs: results.length,
    failed: results.filter((r) => r.violations.length > 0).map((r) => r.seed),
    totalMs: total,
    runMs: { p50: quantile(durations, 0.5), p95: quantile(durations, 0.95), max: durations.at(-1) ?? null },
    restartMs: { count: restarts.length, p50: quantile(restarts, 0.5), p95: quantile(restarts, 0.95), max: restarts.at(-1) ?? null },
    kills: sum((r) => r.counts.kills),
    killsLeavingLockAndEndpoint: sum((r) => r.counts.staleLocks),
    keys: sum((r) => r.counts.keys),
    auditedKeys: sum((r) => r.counts.audit),
    reminders: sum((r) => r.counts.reminders),
  };
  const text = [
    `crash test: ${json.runs} runs in ${(total / 1000).toFixed(1)} s (run p50 ${json.runMs.p50} ms, p95 ${json.runMs.p95} ms), failed seeds: ${json.failed.join(', ') || 'none'}`,
    `  kills: ${json.kills} (${json.killsLeavingLockAndEndpoint} left their lock + endpoint behind); restarted daemons ready: ${restarts.length}, spawn → ready p50 ${json.restartMs.p50} ms, p95 ${json.restartMs.p95} ms`,
    `  keys received ${json.keys}, key audit rows ${json.auditedKeys}, reminder firings ${json.reminders}`,
  ].join('\n');
  return { text, json };
}
