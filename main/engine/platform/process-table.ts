/** A snapshot of running processes (pid → parent and command line), for telling which agent runs in a pane. */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  /** Executable name (`comm`, or argv[0]'s base name where the runtime renamed its main thread). */
  readonly comm: string;
  /** Full command line, arguments joined by spaces. */
  readonly argv: string;
  /** Process group (job) the process belongs to; absent where the source does not say. */
  readonly pgrp?: number;
  /** Foreground process group of the process's controlling terminal (the job that receives keys); ≤ 0 when none. */
  readonly tpgid?: number;
}

export interface ProcessTable {
  /** Read all processes once. Empty where the platform offers no cheap way (the caller then relies on tmux alone). */
  snapshot(): Map<number, ProcessEntry>;
  /**
   * The foreground process group of `pid`'s terminal (cheap: one small read), or null when unknown. A
   * pane's agent is decided from this group, and a change of it invalidates that decision.
   */
  foregroundGroup?(pid: number): number | null;
}

/** `/proc/<pid>/stat` fields after the command name: ppid, pgrp and the terminal's foreground group (tpgid). */
export function parseStatFields(stat: string): { readonly ppid: number; readonly pgrp: number; readonly tpgid: number } | null {
  // comm is in parentheses and may itself contain spaces or parentheses: split at the last ')'.
  const close = stat.lastIndexOf(')');
  if (close < 0) return null;
  const fields = stat.slice(close + 2).split(' ');
  const [ppid, pgrp, tpgid] = [fields[1], fields[2], fields[5]].map(Number);
  if (!Number.isInteger(ppid) || !Number.isInteger(pgrp) || !Number.isInteger(tpgid)) return null;
  return { ppid: ppid as number, pgrp: pgrp as number, tpgid: tpgid as number };
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
          const fields = parseStatFields(stat);
          if (!fields) continue;
          const args = readFileSync(`${procDir}/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
          const comm = programName(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), args[0]);
          table.set(Number(name), { pid: Number(name), comm, argv: args.join(' '), ...fields });
        } catch {
          // Gone between readdir and read: nothing to report.
        }
      }
      return table;
    },
    foregroundGroup(pid) {
      try {
        const fields = parseStatFields(readFileSync(`${procDir}/${pid}/stat`, 'utf8'));
        return fields && fields.tpgid > 0 ? fields.tpgid : null;
      } catch {
        return null;
      }
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
