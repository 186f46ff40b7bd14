/**
 * The agent process in a pane (pid, runtime, exact argv, cwd) and the process operations a restart
 * needs: is it alive, signal it. The finding is pure; `procAgentProcesses` is the Linux /proc edge.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import type { ProcessEntry } from '../platform/process-table.ts';
import { descendantsOf, procProcessTable } from '../platform/process-table.ts';
import type { RuntimeId, RuntimeModule } from '../runtimes/types.ts';
import type { PaneInfo } from '../tmux/types.ts';

/** An agent found in a pane. */
export interface FoundAgent {
  readonly pid: number;
  readonly runtime: RuntimeId;
  /** The agent is the pane's own process (started as the pane command), not a child of a shell. */
  readonly isPaneRoot: boolean;
}

/** The pane's agent: its own process if that is an agent, else the nearest descendant that is one. */
export function findAgentProcess(pane: PaneInfo, runtimes: readonly RuntimeModule[], table: Map<number, ProcessEntry>): FoundAgent | null {
  if (pane.dead) return null;
  const root = table.get(pane.pid);
  const candidates = [...(root ? [root] : []), ...descendantsOf(table, pane.pid)];
  for (const proc of candidates) {
    for (const runtime of runtimes) {
      if (runtime.matchesProcess(proc.comm, proc.argv)) return { pid: proc.pid, runtime: runtime.id, isPaneRoot: proc.pid === pane.pid };
    }
  }
  return null;
}

/** Process operations of a restart, injected (tests pass fakes or a temp /proc). */
export interface AgentProcesses {
  /** A fresh process table. */
  table(): Map<number, ProcessEntry>;
  /** Exact argv (argument boundaries kept), or null when unreadable. */
  argv(pid: number): string[] | null;
  /** Working directory, or null when unreadable. */
  cwd(pid: number): string | null;
  /** Running (a zombie counts as gone: it has exited, only its parent has not reaped it yet). */
  alive(pid: number): boolean;
  /** Send a signal; a process already gone is not an error. */
  signal(pid: number, signal: NodeJS.Signals): void;
}

/** A value now or later: a remote host's answers come over ssh. */
export type Awaitable<T> = T | Promise<T>;

/** AgentProcesses where each answer may come later (a host's processes, asked over ssh). */
export interface AgentProcessOps {
  table(): Awaitable<Map<number, ProcessEntry>>;
  argv(pid: number): Awaitable<string[] | null>;
  cwd(pid: number): Awaitable<string | null>;
  alive(pid: number): Awaitable<boolean>;
  signal(pid: number, signal: NodeJS.Signals): Awaitable<void>;
}

/** The Linux implementation over /proc. */
export function procAgentProcesses(procDir = '/proc'): AgentProcesses {
  const table = procProcessTable(procDir);
  return {
    table: () => table.snapshot(),
    argv(pid) {
      try {
        const parts = readFileSync(`${procDir}/${pid}/cmdline`, 'utf8').split('\0');
        // A process that set its title (Node's process.title, as Claude Code does) leaves NUL padding.
        while (parts.at(-1) === '') parts.pop();
        return parts.length > 0 ? parts : null;
      } catch {
        return null;
      }
    },
    cwd(pid) {
      try {
        return readlinkSync(`${procDir}/${pid}/cwd`);
      } catch {
        return null;
      }
    },
    alive(pid) {
      try {
        const stat = readFileSync(`${procDir}/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
      } catch {
        return false;
      }
    },
    signal(pid, signal) {
      try {
        process.kill(pid, signal);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
      }
    },
  };
}
