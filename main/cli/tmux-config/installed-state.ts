/**
 * What of ours is installed, in our file and on one running server (the popup key, the status
 * segment and its kind), and taking an unwanted segment out of a running server. Reads only, but for
 * `takeSegmentOut`.
 */
import { existsSync } from 'node:fs';
import type { Runner } from '../../engine/platform/run.ts';
import { POPUP_ARGS, fileSegment } from './integration-file.ts';
import { prefixKeyOf } from './key-clash.ts';
import { SEGMENT_WIDTH, ourSegments, withoutOurSegments, type FoundSegment } from './status-segment.ts';
import { onServer } from './tmux-servers.ts';
import { readTextOrNull } from '../../engine/platform/read-text.ts';

/** One running server as we see it. */
export interface ServerState {
  readonly socket: string;
  /** Our key is bound to our popup there. */
  readonly bound: boolean;
  /** Our segment is in its status-right. */
  readonly segment: boolean;
  /** Which one: `sh` (the script), `node` (an earlier version's `trailboss tmux-status`); null when none. */
  readonly segmentKind: FoundSegment['kind'] | null;
}

/** The status segment our file installs: which kind, the script it runs and whether that is there. */
export interface InstalledSegment {
  readonly kind: FoundSegment['kind'];
  readonly script: string | null;
  readonly scriptPresent: boolean;
}

/** The key our file binds, or null when there is no file of ours. */
export function installedKey(ourFile: string): string | null {
  const text = readTextOrNull(ourFile);
  for (const line of text?.split('\n') ?? []) if (line.includes(POPUP_ARGS)) return prefixKeyOf(line);
  return null;
}

/** The segment our file installs, or null when there is no file or no segment of ours in it. */
export function installedSegment(ourFile: string): InstalledSegment | null {
  const text = readTextOrNull(ourFile);
  const found = text === null ? null : fileSegment(text);
  if (found === null) return null;
  return { kind: found.kind, script: found.script, scriptPresent: found.script !== null && existsSync(found.script) };
}

/** What a running server has of ours: the key bound to our popup (when `key` is given), a segment and its kind. */
export async function serverState(runner: Runner, socket: string, key: string | null): Promise<ServerState> {
  const keys = key === null ? null : await onServer(runner, socket, ['list-keys', '-T', 'prefix', key]);
  const right = await onServer(runner, socket, ['show-options', '-gv', 'status-right']);
  const found = right.ok ? ourSegments(right.stdout) : [];
  return {
    socket,
    bound: keys !== null && keys.ok && keys.stdout.includes(POPUP_ARGS),
    segment: found.length > 0,
    segmentKind: found[0]?.kind ?? null,
  };
}

/**
 * Take our segments out of a running server's status-right (whatever they run: an earlier version's
 * Node command, an install from another copy of Trail Boss), with the room each was given, when
 * `unwanted` says so of any of them.
 */
export async function takeSegmentOut(
  runner: Runner,
  socket: string,
  unwanted: (found: FoundSegment) => boolean,
): Promise<{ ok: boolean; message: string }> {
  const right = await onServer(runner, socket, ['show-options', '-gv', 'status-right']);
  if (!right.ok) return right;
  const value = right.stdout.replace(/\n$/, '');
  const found = ourSegments(value);
  if (!found.some(unwanted)) return { ok: true, message: '' };
  const set = await onServer(runner, socket, ['set-option', '-g', 'status-right', withoutOurSegments(value)]);
  if (!set.ok) return set;
  const room = SEGMENT_WIDTH * found.length;
  return onServer(runner, socket, ['set-option', '-gF', 'status-right-length', `#{e|-|:#{status-right-length},${room}}`]);
}
