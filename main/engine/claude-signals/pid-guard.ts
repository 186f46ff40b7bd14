/**
 * Guards against pid reuse: a status file outlives its process when Claude crashes, and the pid
 * may since belong to something else. Claude records its own start (`procStart`, clock ticks
 * since boot as in /proc/<pid>/stat field 22; `startedAt`, epoch ms); we compare with the live
 * process. Where the platform has no /proc the verdict is `unknown` and the file stays a hint.
 */
import { readFileSync } from 'node:fs';
import type { ClaudeStatusFile } from './status-file.ts';

/** What we know about a live pid. */
export interface ProcessIdentity {
  readonly alive: boolean;
  /** Start time in clock ticks since boot, as a decimal string; null when unknown. */
  readonly startTicks: string | null;
  /** Start time in epoch ms (boot time + ticks / USER_HZ); null when unknown. */
  readonly startedAtMs: number | null;
}

/** Reads a pid's identity; null when this platform cannot tell. */
export type ProcessIdentityReader = (pid: number) => ProcessIdentity | null;

/** `same-process`: the file belongs to the running pid; `reused`: the pid is someone else now; `gone`: no such process. */
export type PidVerdict = 'same-process' | 'reused' | 'gone' | 'unknown';

/** Tolerance when only `startedAt` can be compared (Claude writes it shortly after exec). */
const STARTED_AT_TOLERANCE_MS = 10_000;

/** Judge whether the status file still describes the process now running under its pid. */
export function checkStatusOwner(file: ClaudeStatusFile, identity: ProcessIdentity | null): PidVerdict {
  if (identity === null) return 'unknown';
  if (!identity.alive) return 'gone';
  if (file.procStart !== null && identity.startTicks !== null) return file.procStart === identity.startTicks ? 'same-process' : 'reused';
  if (file.startedAt !== null && identity.startedAtMs !== null) {
    return Math.abs(file.startedAt - identity.startedAtMs) <= STARTED_AT_TOLERANCE_MS ? 'same-process' : 'reused';
  }
  return 'unknown';
}

/** Parse `/proc/<pid>/stat`: ppid and start ticks (comm may hold spaces and parentheses: split at the last ')'). */
export function parseProcStat(text: string): { readonly ppid: number; readonly startTicks: string } | null {
  const close = text.lastIndexOf(')');
  if (close === -1) return null;
  // Fields after comm start at field 3 (state); ppid is field 4, starttime field 22.
  const fields = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const ppid = Number(fields[1]);
  const startTicks = fields[19];
  if (!Number.isInteger(ppid) || startTicks === undefined || !/^\d+$/.test(startTicks)) return null;
  return { ppid, startTicks };
}

/** Linux reader over /proc (injectable root for tests). USER_HZ is 100 on every Linux ABI. */
export function procIdentityReader(procDir = '/proc'): ProcessIdentityReader {
  let bootMs: number | null | undefined;
  const boot = (): number | null => {
    if (bootMs !== undefined) return bootMs;
    try {
      const line = /^btime\s+(\d+)$/m.exec(readFileSync(`${procDir}/stat`, 'utf8'));
      bootMs = line ? Number(line[1]) * 1000 : null;
    } catch {
      bootMs = null;
    }
    return bootMs;
  };
  return (pid) => {
    let text: string;
    try {
      text = readFileSync(`${procDir}/${pid}/stat`, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ESRCH') return { alive: false, startTicks: null, startedAtMs: null };
      return null;
    }
    const stat = parseProcStat(text);
    if (stat === null) return null;
    const b = boot();
    return { alive: true, startTicks: stat.startTicks, startedAtMs: b === null ? null : b + Number(stat.startTicks) * 10 };
  };
}
