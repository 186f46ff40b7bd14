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

/** True when the process table must be consulted for this pane. */
export function needsProcessTree(pane: PaneInfo): boolean {
  return GENERIC.has(pane.currentCommand) || /^v?\d+\.\d+/.test(pane.currentCommand);
}

/**
 * Runtime of a pane: the current command first; for generic commands the pane process and its
 * descendants (nearest first). `table` may be empty (no /proc): then only the command counts.
 */
export function detectRuntime(pane: PaneInfo, runtimes: readonly RuntimeModule[], table: Map<number, ProcessEntry>): RuntimeId | null {
  if (pane.dead) return null;
  for (const runtime of runtimes) {
    if (runtime.matchesProcess(pane.currentCommand)) return runtime.id;
  }
  if (!needsProcessTree(pane)) return null;
  const self = table.get(pane.pid);
  const candidates = [...(self ? [self] : []), ...descendantsOf(table, pane.pid)];
  for (const proc of candidates) {
    for (const runtime of runtimes) {
      if (runtime.matchesProcess(proc.comm, proc.argv)) return runtime.id;
    }
  }
  return null;
}
