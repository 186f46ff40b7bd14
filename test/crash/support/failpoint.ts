/**
 * Preloaded into `trailboss daemon` by the crash test (NODE_OPTIONS=--import): when
 * TB_CRASH_FAILPOINT names a point, the daemon SIGKILLs itself exactly there. The points sit on the
 * store's statements and on the commands the engine writes to its tmux control client — every step
 * of detect → claim → audit → send → resolve passes through one of them, and an outside killer
 * could not hit windows a few microseconds wide. Nothing in the engine knows.
 *
 * TB_CRASH_FAILPOINT = `<point>[:<n>][+<ms>]`: fire at the n-th match (default 1), and kill at once
 * or `ms` later (after-audit+20 lands between the key and the confirmation).
 * TB_CRASH_FAILPOINT_LOG = a file that gets one JSON line right before the kill.
 * The launcher runs the engine in its own process, so it arms there (on a Node too old for the engine
 * the launcher re-runs itself on the pinned one: NODE_OPTIONS reaches both, only the engine's hits a point).
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import type { FailpointSpec } from './failpoint-spec.ts';
import { FAILPOINTS, parseFailpoint } from './failpoint-spec.ts';

interface RunResult {
  readonly changes: number;
}
interface Statement {
  run(...args: unknown[]): RunResult;
}
interface DatabaseClass {
  prototype: { prepare(this: unknown, sql: string): Statement };
}

/** A hit counter: told each match with its phase (before or after the step ran), it kills at the planned one. */
function counter(spec: FailpointSpec, kill: () => void): (phase: 'before' | 'after', effective: boolean) => void {
  const { when } = FAILPOINTS[spec.point];
  let seen = 0;
  return (phase, effective) => {
    // A claim that lost (0 rows) or an insert that did nothing is not the moment we want.
    if (phase !== when || !effective || ++seen !== spec.nth) return;
    if (spec.delayMs > 0) setTimeout(kill, spec.delayMs);
    else kill();
  };
}

/** Wrap better-sqlite3's prepare: statements matching the point get a `run` that may kill. */
function onStatements(match: RegExp, hit: ReturnType<typeof counter>): void {
  // The engine's own copy: the CommonJS cache hands both the same module object.
  const Database = createRequire(import.meta.url)('better-sqlite3') as DatabaseClass;
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (this: unknown, text: string): Statement {
    const statement = prepare.call(this, text);
    if (!match.test(text)) return statement;
    const run = statement.run.bind(statement);
    statement.run = (...args: unknown[]): RunResult => {
      hit('before', true);
      const result = run(...args);
      hit('after', result.changes > 0);
      return result;
    };
    return statement;
  };
}

/** Wrap socket writes (the control client's stdin is a pipe socket): a matching command may kill once written. */
function onTmuxCommands(match: RegExp, hit: ReturnType<typeof counter>): void {
  const write = Socket.prototype.write as (this: Socket, ...args: unknown[]) => boolean;
  Socket.prototype.write = function (this: Socket, ...args: unknown[]): boolean {
    const chunk = args[0];
    const matches = typeof chunk === 'string' && match.test(chunk);
    if (matches) hit('before', true);
    // A small write to an empty pipe completes synchronously: the bytes are in the kernel when we kill.
    const ok = write.apply(this, args);
    if (matches) hit('after', true);
    return ok;
  } as typeof Socket.prototype.write;
}

function arm(spec: FailpointSpec, logFile: string | undefined): void {
  const kill = (): void => {
    if (logFile) appendFileSync(logFile, `${JSON.stringify({ ...spec, pid: process.pid, t: Date.now() })}\n`);
    process.kill(process.pid, 'SIGKILL');
  };
  const { on, match } = FAILPOINTS[spec.point];
  const hit = counter(spec, kill);
  if (on === 'statement') onStatements(match, hit);
  else onTmuxCommands(match, hit);
}

const spec = parseFailpoint(process.env.TB_CRASH_FAILPOINT);
if (spec) arm(spec, process.env.TB_CRASH_FAILPOINT_LOG);
