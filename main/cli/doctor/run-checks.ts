/** Runs the doctor's checks in order; a check that throws is itself reported as a problem, never a crash. */
import type { CheckResult, DoctorCheck, DoctorEnv } from './check.ts';

/** Every check's result, in the order given. */
export async function runChecks(checks: readonly DoctorCheck[], env: DoctorEnv): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    try {
      results.push({ id: check.id, title: check.title, ...(await check.run(env)) });
    } catch (error) {
      results.push({
        id: check.id,
        title: check.title,
        status: 'problem',
        detail: `the check failed: ${error instanceof Error ? error.message : String(error)}`,
        fix: 'run `trailboss doctor` again; if it repeats, report it with this output',
      });
    }
  }
  return results;
}
