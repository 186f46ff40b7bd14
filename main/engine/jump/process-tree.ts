/**
 * Walking up from a tmux client's process to the terminal that shows it: the terminal emulator is
 * an ancestor of the client (terminal → shell → tmux client). Pure parsers over `ps` output or the
 * engine's /proc snapshot.
 */
import type { ProcessEntry } from '../platform/process-table.ts';

/** Arguments for a `ps` that lists every process as `pid ppid command-path` (macOS and Linux). */
export const PS_ARGS: readonly string[] = ['-A', '-o', 'pid=', '-o', 'ppid=', '-o', 'comm='];

/** Parses the output of `ps` with PS_ARGS. `comm` may contain spaces (macOS app paths), so it is the rest of the line. */
export function parsePsOutput(output: string): Map<number, ProcessEntry> {
  const table = new Map<number, ProcessEntry>();
  for (const line of output.split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s+(.+?)\s*$/.exec(line);
    if (!m) continue;
    const pid = Number(m[1]);
    table.set(pid, { pid, ppid: Number(m[2]), comm: m[3] as string, argv: m[3] as string });
  }
  return table;
}

/** `pid` and its ancestors, nearest first, stopping at init or a loop. */
export function ancestry(table: ReadonlyMap<number, ProcessEntry>, pid: number): ProcessEntry[] {
  const out: ProcessEntry[] = [];
  const seen = new Set<number>();
  let current = table.get(pid);
  while (current !== undefined && !seen.has(current.pid) && current.pid > 1) {
    seen.add(current.pid);
    out.push(current);
    current = table.get(current.ppid);
  }
  return out;
}

/**
 * The outermost `.app` bundle an app executable lies in (`/Applications/iTerm.app/Contents/MacOS/iTerm2`
 * → `/Applications/iTerm.app`), or null. Outermost: a helper app nested in another (VS Code's
 * terminal runs under `Code Helper.app`) is activated through the app the user knows.
 */
export function appBundleOf(executable: string): string | null {
  if (!/\.app\/Contents\/MacOS\//.test(executable)) return null;
  return /^(.*?\.app)\//.exec(executable)?.[1] ?? null;
}

/**
 * The app bundle of the nearest ancestor that is a macOS app: the terminal showing the client.
 * tmux itself may live in a bundle-free path; `login` and the shell in between have none.
 */
export function terminalAppOf(table: ReadonlyMap<number, ProcessEntry>, clientPid: number): string | null {
  for (const p of ancestry(table, clientPid)) {
    const bundle = appBundleOf(p.comm);
    if (bundle !== null) return bundle;
  }
  return null;
}
