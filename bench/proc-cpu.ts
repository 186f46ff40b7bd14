/** CPU time of processes from /proc (Linux): what the engine, its tmux clients and the tmux server spent. */
import { readFileSync, readdirSync } from 'node:fs';

// USER_HZ: /proc times are in 1/100 s on every mainstream Linux kernel (getconf CLK_TCK).
const CLK_TCK = 100;

/** CPU milliseconds of one process: its own (utime+stime) and its reaped children's (cutime+cstime). */
export interface ProcCpu {
  readonly own: number;
  readonly children: number;
}

function statFields(pid: number): number[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    return stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
  } catch {
    return null; // gone
  }
}

/** CPU ms of a process (zeros when it is gone). */
export function procCpu(pid: number): ProcCpu {
  const f = statFields(pid);
  if (!f) return { own: 0, children: 0 };
  // After ')': state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
  return { own: ((f[11]! + f[12]!) * 1000) / CLK_TCK, children: ((f[13]! + f[14]!) * 1000) / CLK_TCK };
}

/** Live child processes of `pid` (scans /proc for their parent pid). */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = statFields(Number(name));
    if (f && f[1] === pid) out.push(Number(name));
  }
  return out;
}

/** Whether /proc can tell us CPU times (Linux only). */
export function procAvailable(): boolean {
  return statFields(process.pid) !== null;
}

/** The 1-, 5- and 15-minute load averages, as a string for the report. */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}

/** The 1-minute load average as a number (0 where it cannot be read), for a row of a window. */
export function loadNow(): number {
  return Number.parseFloat(loadAverage()) || 0;
}
