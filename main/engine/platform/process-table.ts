/** A snapshot of running processes (pid → parent and command line), for telling which agent runs in a pane. */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  /** Executable name (`comm`, or argv[0]'s base name where the runtime renamed its main thread). */
  readonly comm: string;
  /** Full command line, arguments joined by spaces. */
  readonly argv: string;
}

export interface ProcessTable {
  /** Read all processes once. Empty where the platform offers no cheap way (the caller then relies on tmux alone). */
  snapshot(): Map<number, ProcessEntry>;
}

/**
 * Thread names that runtimes give their main thread, hiding the program's name in `comm`: Node 24 calls
 * it `MainThread`, so `node augment.mjs` would not read as node.
 */
const RENAMED_MAIN_THREAD = new Set(['MainThread']);

/** The program's name: `comm`, unless the runtime renamed the thread, then argv[0]'s base name. */
export function programName(comm: string, argv0: string | undefined): string {
  if (!RENAMED_MAIN_THREAD.has(comm) || !argv0) return comm;
  return argv0.slice(argv0.lastIndexOf('/') + 1);
}

/** Linux /proc reader. Processes that exit while being read are skipped. */
export function procProcessTable(procDir = '/proc'): ProcessTable {
  return {
    snapshot() {
      const table = new Map<number, ProcessEntry>();
      let names: string[];
      try {
        names = readdirSync(procDir);
      } catch {
        return table;
      }
      for (const name of names) {
        if (!/^\d+$/.test(name)) continue;
        try {
          const stat = readFileSync(`${procDir}/${name}/stat`, 'utf8');
          // comm is in parentheses and may itself contain spaces or parentheses: split at the last ')'.
          const close = stat.lastIndexOf(')');
          const ppid = Number(stat.slice(close + 2).split(' ')[1]);
          const args = readFileSync(`${procDir}/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
          const comm = programName(stat.slice(stat.indexOf('(') + 1, close), args[0]);
          table.set(Number(name), { pid: Number(name), ppid, comm, argv: args.join(' ') });
        } catch {
          // Gone between readdir and read: nothing to report.
        }
      }
      return table;
    },
  };
}

/** All descendants of `pid` (children first, breadth-first), from a snapshot. */
export function descendantsOf(table: Map<number, ProcessEntry>, pid: number): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table.values()) {
    const list = children.get(entry.ppid) ?? [];
    list.push(entry);
    children.set(entry.ppid, list);
  }
  const out: ProcessEntry[] = [];
  const queue = [pid];
  const seen = new Set<number>();
  while (queue.length > 0) {
    const next = queue.shift() as number;
    for (const child of children.get(next) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      out.push(child);
      queue.push(child.pid);
    }
  }
  return out;
}
