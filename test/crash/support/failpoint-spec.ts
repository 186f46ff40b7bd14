/** The crash test's failpoints: names, the statements and tmux commands they sit on, the TB_CRASH_FAILPOINT syntax, the log. */
import { existsSync, readFileSync } from 'node:fs';

/** Where the daemon may be killed from inside; see FAILPOINTS. */
export type Failpoint = 'after-open' | 'before-claim' | 'after-claim' | 'after-audit' | 'after-send' | 'mid-resolve';

/**
 * What each point watches — a store statement (by its SQL) or a command the engine writes to its
 * tmux control client — and whether it fires before or after it runs.
 */
export const FAILPOINTS: Readonly<
  Record<Failpoint, { readonly on: 'statement' | 'tmux-command'; readonly match: RegExp; readonly when: 'before' | 'after' }>
> = {
  // Inside the open transaction: the item row is written but not committed.
  'after-open': { on: 'statement', match: /^\s*INSERT INTO items\b/, when: 'after' },
  'before-claim': { on: 'statement', match: /^\s*UPDATE items SET claimed_by = \?/, when: 'before' },
  'after-claim': { on: 'statement', match: /^\s*UPDATE items SET claimed_by = \?/, when: 'after' },
  // Autocommit: the audit row is durable, the key not yet sent.
  'after-audit': { on: 'statement', match: /^\s*INSERT INTO audit\b/, when: 'after' },
  // The key left for tmux (written to the control client's stdin, arguments quoted); not confirmed, not resolved.
  'after-send': { on: 'tmux-command', match: /(?:^|\n)"?send-keys"? /, when: 'after' },
  // Inside the resolve transaction: the prompt was confirmed gone, the move is not committed.
  'mid-resolve': { on: 'statement', match: /^\s*INSERT INTO resolved_items\b/, when: 'after' },
};

/** A parsed TB_CRASH_FAILPOINT. */
export interface FailpointSpec {
  readonly point: Failpoint;
  readonly nth: number;
  readonly delayMs: number;
}

/** Parse `point[:n][+ms]`; null when unset or malformed. */
export function parseFailpoint(text: string | undefined): FailpointSpec | null {
  const match = /^([a-z-]+)(?::(\d+))?(?:\+(\d+))?$/.exec(text ?? '');
  if (!match?.[1] || !(match[1] in FAILPOINTS)) return null;
  const nth = match[2] === undefined ? 1 : Number(match[2]);
  return nth >= 1 ? { point: match[1] as Failpoint, nth, delayMs: Number(match[3] ?? 0) } : null;
}

/** The env value for a spec (the inverse of parseFailpoint). */
export function formatFailpoint(spec: FailpointSpec): string {
  return `${spec.point}:${spec.nth}${spec.delayMs > 0 ? `+${spec.delayMs}` : ''}`;
}

/** The failpoints that fired, from TB_CRASH_FAILPOINT_LOG (one JSON line each, written before the kill). */
export function failpointsFired(logFile: string): (FailpointSpec & { readonly pid: number; readonly t: number })[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FailpointSpec & { pid: number; t: number });
}
