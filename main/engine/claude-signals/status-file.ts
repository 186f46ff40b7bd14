/**
 * Claude Code's per-process status file, `<claude config dir>/sessions/<pid>.json`. Undocumented
 * and changing between versions (2.1.197 has no `tmux` field, 2.1.329 does), so it is a hint:
 * every field is optional and checked on its own, a wrong type reads as absent, and only a file
 * that is not a JSON object at all is skipped (and logged).
 */
import type { StatusHint } from '../sessions/facts.ts';

/** Where the `tmux` field says the session runs: `session:@window.%pane`. */
export interface TmuxLocation {
  readonly sessionName: string;
  readonly windowId: string;
  readonly paneId: string;
}

/** What we read from one status file. */
export interface ClaudeStatusFile {
  readonly pid: number;
  readonly sessionId: string | null;
  readonly cwd: string | null;
  /** Epoch ms the process started, as Claude recorded it. */
  readonly startedAt: number | null;
  /** Process start in clock ticks since boot (`/proc/<pid>/stat` field 22), as Claude recorded it. */
  readonly procStart: string | null;
  readonly version: string | null;
  readonly tmux: TmuxLocation | null;
  readonly status: string | null;
  readonly waitingFor: string | null;
  readonly updatedAt: number | null;
  /** `status` + `waitingFor` as a StatusHint; null when the status is missing or unknown. */
  readonly hint: StatusHint | null;
}

/** A parsed file, or why it was skipped. */
export type StatusFileParse = { readonly ok: true; readonly file: ClaudeStatusFile } | { readonly ok: false; readonly error: string };

/** Parse a status file's text. `pidFromName` (the `<pid>` of the file name) is used when the body lacks a pid. */
export function parseStatusFile(text: string, pidFromName: number | null): StatusFileParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `malformed JSON: ${(err as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'not a JSON object' };
  const o = value as Record<string, unknown>;
  const pid = posInt(o['pid']) ?? pidFromName;
  if (pid === null) return { ok: false, error: 'no pid' };
  if (pidFromName !== null && pid !== pidFromName) return { ok: false, error: `pid ${pid} does not match the file name (${pidFromName})` };
  const status = str(o['status']);
  const waitingFor = str(o['waitingFor']);
  const tmux = str(o['tmux']);
  return {
    ok: true,
    file: {
      pid,
      sessionId: str(o['sessionId']),
      cwd: str(o['cwd']),
      startedAt: num(o['startedAt']),
      procStart: typeof o['procStart'] === 'number' ? String(o['procStart']) : str(o['procStart']),
      version: str(o['version']),
      tmux: tmux === null ? null : parseTmuxField(tmux),
      status,
      waitingFor,
      updatedAt: num(o['updatedAt']),
      hint: statusHintOf(status, waitingFor),
    },
  };
}

/** Map `status` / `waitingFor` to a hint; null for a status we do not know. */
export function statusHintOf(status: string | null, waitingFor: string | null): StatusHint | null {
  switch (status?.trim().toLowerCase()) {
    case 'idle':
      return 'idle';
    case 'busy':
      return 'busy';
    case 'waiting':
      switch (waitingFor?.trim().toLowerCase()) {
        case 'permission prompt':
          return 'waiting-permission';
        case 'input needed':
          return 'waiting-input';
        case 'dialog open':
          return 'waiting-dialog';
        default:
          return 'waiting-other';
      }
    default:
      return null;
  }
}

/** Parse `misc:@0.%0`. Split from the right: session names may contain anything but the window/pane ids cannot. */
export function parseTmuxField(value: string): TmuxLocation | null {
  const match = /^(.*):(@\d+)\.(%\d+)$/.exec(value.trim());
  if (match === null) return null;
  return { sessionName: match[1] as string, windowId: match[2] as string, paneId: match[3] as string };
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function posInt(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
}
