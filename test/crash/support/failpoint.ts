/**
 * Preloaded into `trailboss daemon` by the crash test (NODE_OPTIONS=--import): when
 * TB_CRASH_FAILPOINT names a point, the daemon SIGKILLs itself exactly there. The points sit on the
 * store's statements, the one place every step of detect → claim → audit → resolve passes through;
 * an outside killer could not hit a window a few microseconds wide. Nothing in the engine knows.
 *
 * TB_CRASH_FAILPOINT = `<point>[:<n>][+<ms>]`: fire at the n-th match (default 1), and kill at once
 * or `ms` later (after-audit+20 lands between the key and the confirmation, a window too narrow
 * for a killer outside that polls the agent).
 * TB_CRASH_FAILPOINT_LOG = a file that gets one JSON line right before the kill.
 * Loaded by the launcher too (NODE_OPTIONS reaches both processes): it arms only in the engine's process.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FailpointSpec } from './failpoint-spec.ts';
import { FAILPOINT_SQL, parseFailpoint } from './failpoint-spec.ts';

interface RunResult {
  readonly changes: number;
}
interface Statement {
  run(...args: unknown[]): RunResult;
}
interface DatabaseClass {
  prototype: { prepare(this: unknown, sql: string): Statement };
}

function arm(spec: FailpointSpec, logFile: string | undefined): void {
  const require = createRequire(import.meta.url);
  // The engine's own copy: the CommonJS cache hands both the same module object.
  const Database = require('better-sqlite3') as DatabaseClass;
  const { sql, when } = FAILPOINT_SQL[spec.point];
  let seen = 0;
  const kill = (): void => {
    if (logFile) appendFileSync(logFile, `${JSON.stringify({ ...spec, pid: process.pid, t: Date.now() })}\n`);
    process.kill(process.pid, 'SIGKILL');
  };
  const die = (): void => {
    if (spec.delayMs > 0) setTimeout(kill, spec.delayMs);
    else kill();
  };
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (this: unknown, text: string): Statement {
    const statement = prepare.call(this, text);
    if (!sql.test(text)) return statement;
    const run = statement.run.bind(statement);
    statement.run = (...args: unknown[]): RunResult => {
      if (when === 'before' && ++seen === spec.nth) die();
      const result = run(...args);
      // A claim that lost (0 rows) or an insert that did nothing is not the moment we want.
      if (when === 'after' && result.changes > 0 && ++seen === spec.nth) die();
      return result;
    };
    return statement;
  };
}

const spec = parseFailpoint(process.env.TB_CRASH_FAILPOINT);
// The launcher only spawns the engine's process; arming there would just load SQLite for nothing.
if (spec && !/[/\\]bin[/\\]trailboss\.mjs$/.test(process.argv[1] ?? '')) arm(spec, process.env.TB_CRASH_FAILPOINT_LOG);
