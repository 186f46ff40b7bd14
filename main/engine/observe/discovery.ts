/** Pure: which agent runtime (if any) runs in a pane, from tmux's current command and the process tree. */
import type { ProcessEntry } from '../platform/process-table.ts';
import { descendantsOf } from '../platform/process-table.ts';
import type { RuntimeId, RuntimeModule } from '../runtimes/types.ts';
import type { PaneInfo } from '../tmux/types.ts';

/**
 * Commands that say nothing about what runs on top of them (interpreters, shells, wrappers):
 * for these, look at the pane's process tree.
 */
const GENERIC = new Set(['node', 'bun', 'deno', 'python', 'python3', 'sh', 'bash', 'zsh', 'fish', 'dash', 'env', 'npx', 'npm', 'script']);

const SHELLS = new Set(['sh', 'bash', 'zsh', 'fish', 'dash', 'ksh', 'mksh', 'tcsh', 'csh']);

/**
 * A shell reading commands from its terminal: a login shell (`-bash`), one given `-i`, or one with
 * neither a script nor `-c` to run. `sh -c 'claude'` and `bash run-agent.sh` are wrappers, not this.
 */
export function isInteractiveShell(proc: ProcessEntry): boolean {
  if (!SHELLS.has(proc.comm)) return false;
  const [argv0 = '', ...args] = proc.argv.split(' ').filter(Boolean);
  if (argv0.startsWith('-') || args.some((a) => /^-[a-z]*i[a-z]*$/.test(a))) return true;
  let i = 0;
  for (; i < args.length && (args[i] ?? '').startsWith('-'); i++) {
    if (/^-[a-z]*c[a-z]*$/.test(args[i] ?? '')) return false;
    // Options that take a value (bash's --rcfile/--init-file, -o/+O) carry it in the next word.
    if (/^(--rcfile|--init-file|-o|-O)$/.test(args[i] ?? '')) i++;
  }
  return i >= args.length;
}

/**
 * True when the process table must be consulted for this pane: its command is an interpreter, shell or
 * launcher, a version number, or a name no runtime claims by itself. The last covers a CLI whose own
 * name says nothing and whose arguments name it (Amazon Q's `q chat` for Kiro) and a wrapper script
 * (`run-claude`) whose foreground job is the agent. A pane whose command a runtime claims outright needs
 * no look at its processes.
 */
export function needsProcessTree(pane: PaneInfo, runtimes: readonly RuntimeModule[]): boolean {
  if (GENERIC.has(pane.currentCommand) || /^v?\d+\.\d+/.test(pane.currentCommand)) return true;
  return !runtimes.some((runtime) => runtime.matchesProcess(pane.currentCommand));
}

/**
 * Runtime of a pane: the current command first; for generic commands the pane process and its
 * descendants (nearest first) that are in the pane's foreground process group — the job that receives
 * what is typed into the pane. A background job named like an agent (a lingering `claude -p &`) is not
 * the agent of a pane whose foreground is a shell: text typed there would be run by the shell. When the
 * foreground group is unknown, no descendant counts. `table` may be empty (no /proc): then only the
 * command counts.
 */
export function detectRuntime(pane: PaneInfo, runtimes: readonly RuntimeModule[], table: Map<number, ProcessEntry>): RuntimeId | null {
  if (pane.dead) return null;
  for (const runtime of runtimes) {
    if (runtime.matchesProcess(pane.currentCommand)) return runtime.id;
  }
  if (!needsProcessTree(pane, runtimes)) return null;
  const self = table.get(pane.pid);
  const foreground = self?.tpgid ?? 0;
  if (!self || foreground <= 0) return null;
  // An interactive shell at the head of the foreground group reads the keys itself: a child in its
  // group was started without job control (from an rc file, say) and is a background process too.
  if (self.pgrp === foreground && isInteractiveShell(self)) return null;
  const candidates = [self, ...descendantsOf(table, pane.pid)].filter((proc) => proc.pgrp === foreground);
  for (const proc of candidates) {
    for (const runtime of runtimes) {
      if (runtime.matchesProcess(proc.comm, proc.argv)) return runtime.id;
    }
  }
  return null;
}
