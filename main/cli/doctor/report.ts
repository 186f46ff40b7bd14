/** How doctor's results are shown (text for people, JSON for scripts) and the exit code they give. */
import type { CheckResult } from './check.ts';

/** Non-zero only for problems: advice (something optional missing) exits 0. */
export function doctorExitCode(results: readonly CheckResult[]): number {
  return results.some((r) => r.status === 'problem') ? 1 : 0;
}

/** The JSON report: every check with id, title, status, detail and fix. */
export function formatDoctorJson(results: readonly CheckResult[], version: string): string {
  const problems = results.filter((r) => r.status === 'problem').length;
  return JSON.stringify({ version, ok: problems === 0, problems, checks: results }, null, 2) + '\n';
}

const LABEL = { ok: 'ok', problem: 'PROBLEM', advice: 'advice' } as const;

/** The text report: one line per check, its fix below it, and a summary. */
export function formatDoctorText(results: readonly CheckResult[], version: string): string {
  const width = Math.max(...results.map((r) => r.title.length));
  const lines = [`Trail Boss doctor (${version})`];
  for (const r of results) {
    lines.push(`  ${LABEL[r.status].padEnd(8)} ${r.title.padEnd(width)}  ${r.detail}`);
    if (r.fix) lines.push(`  ${''.padEnd(8)} ${''.padEnd(width)}  fix: ${r.fix}`);
  }
  const problems = results.filter((r) => r.status === 'problem').length;
  const advice = results.filter((r) => r.status === 'advice').length;
  lines.push(
    problems === 0
      ? `No problems${advice > 0 ? `; ${advice} piece${advice === 1 ? '' : 's'} of advice` : ''}.`
      : `${problems} problem${problems === 1 ? '' : 's'} to fix.`,
  );
  return lines.join('\n') + '\n';
}
