/**
 * The status-line segment our tmux file appends to `status-right`, and how to find ours in a
 * `status-right` value or in our file. Pure.
 *
 * Two kinds: `sh`, what `trailboss tmux install` writes now — `#(/bin/sh '<script>' '<home>')`, the
 * POSIX script bin/trailboss-tmux-status.sh that answers without starting Node; and `node`, what
 * earlier versions wrote — `#(<node> '<launcher>' tmux-status)`, still recognised so that an install
 * or uninstall replaces or removes it on running servers.
 */
import path from 'node:path';
import { shellQuote } from '../../engine/hooks/hook-command.ts';
import { STATUS_SCRIPT } from '../../engine/hooks/runtime-layout.ts';

/** The script's file name (`trailboss-tmux-status.sh`): marks the sh segment. */
export const STATUS_SCRIPT_NAME = path.posix.basename(STATUS_SCRIPT);
/** The Node command's argument: marks a segment of an earlier version. */
export const STATUS_ARGS = 'tmux-status';

/** Room the segment needs at most (` ⏳99 59m ⚠9`): added to status-right-length with it, so the user's own text is not cut. */
export const SEGMENT_WIDTH = 12;

/** The sh segment for the script and the Trail Boss home (both absolute). */
export function statusSegment(script: string, home: string): string {
  return ` #(/bin/sh ${shellQuote(script)} ${shellQuote(home)})`;
}

/** A segment of ours: which kind, and the script it runs (the sh script or Node's launcher; null when it cannot be read). */
export interface FoundSegment {
  readonly kind: 'sh' | 'node';
  readonly text: string;
  readonly script: string | null;
}

/** One single-quoted word as shellQuote writes it. */
const QUOTED = String.raw`'(?:[^']|'\\'')*'`;
const SH_SEGMENT = String.raw` #\(/bin/sh (${QUOTED.slice(0, -1)}/${STATUS_SCRIPT_NAME.replace('.', '\\.')}') ${QUOTED}\)`;
const NODE_SEGMENT = String.raw` #\([^()]*\b${STATUS_ARGS}\)`;
/** Every segment of ours in a value, of either kind. */
const OUR_SEGMENTS = new RegExp(`${SH_SEGMENT}|${NODE_SEGMENT}`, 'g');

/** The shell command a segment has tmux run (what is inside its `#(…)`; tmux runs it with `/bin/sh -c`). */
export function segmentCommand(found: FoundSegment): string {
  return found.text.slice(' #('.length, -')'.length);
}

/** The word shellQuote quoted. */
function unquote(word: string): string {
  return word.slice(1, -1).replaceAll(`'\\''`, "'");
}

/** The Node launcher in an earlier version's segment: the last quoted word before `tmux-status`. */
function launcherOf(text: string): string | null {
  const match = new RegExp(`(${QUOTED}) ${STATUS_ARGS}\\)$`).exec(text);
  return match?.[1] === undefined ? null : unquote(match[1]);
}

/** Our segments in a `status-right` value, in order. */
export function ourSegments(value: string): FoundSegment[] {
  return [...value.matchAll(OUR_SEGMENTS)].map((m) =>
    m[1] !== undefined ? { kind: 'sh', text: m[0], script: unquote(m[1]) } : { kind: 'node', text: m[0], script: launcherOf(m[0]) },
  );
}

/** The value with every segment of ours taken out (the user's own text left as it was). */
export function withoutOurSegments(value: string): string {
  return value.replace(OUR_SEGMENTS, '');
}

/**
 * A tmux format that is 1 when `status-right` holds a segment of ours of either kind (`…tmux-status)`
 * or `…tmux-status.sh'…`): our file's guard, so that a configuration sourced again adds no second one.
 */
export const HAS_OUR_SEGMENT = `#{m:*${STATUS_ARGS}[).]*,#{status-right}}`;
