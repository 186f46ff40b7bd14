/**
 * The text of our own tmux file (`<Trail Boss home>/tmux.conf`, sourced from the user's
 * configuration): the popup binding and the status-line segment (status-segment.ts). Pure.
 *
 * The segment is appended to the user's `status-right` (`set -ga`), never replacing it, and only
 * when it is not there yet: tmux may source the file again (a reload of the user's configuration)
 * and a second copy would show the count twice.
 */
import { HAS_OUR_SEGMENT, SEGMENT_WIDTH, ourSegments, statusSegment, type FoundSegment } from './status-segment.ts';

/** The default key, in the prefix table (`prefix` then `T`). */
export const DEFAULT_KEY = 'T';

/** Marks the popup command, in our file and in `list-keys` output: the binding is ours. */
export const POPUP_ARGS = 'tui --popup';

/** What goes into the file. */
export interface IntegrationSpec {
  readonly key: string;
  /** Shell command that runs `trailboss` (absolute interpreter and script, already shell-quoted). */
  readonly trailboss: string;
  /** The status segment's script (bin/trailboss-tmux-status.sh), absolute. */
  readonly statusScript: string;
  /** The Trail Boss home the segment reads, absolute (tmux's environment may name another one). */
  readonly home: string;
}

/** Why a command cannot go into a tmux file. */
export class TmuxConfigError extends Error {}

/** A key tmux can bind: one character, or a key name with modifiers (`C-t`, `M-F5`, `F12`). */
export function validKey(key: string): boolean {
  return /^(?:(?:[CMS]-)*(?:[!-~]|F[1-9][0-9]?|[A-Za-z][A-Za-z0-9]+))$/.test(key) && key !== '#' && key !== '"' && key !== "'";
}

/** `text` as a tmux double-quoted string (nothing in it expanded by the config parser); control characters refused. */
export function tmuxQuote(text: string): string {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\x00-\x1f\x7f]/.test(text)) throw new TmuxConfigError(`cannot write a control character into a tmux file: ${JSON.stringify(text)}`);
  return `"${text.replace(/[\\"$]/g, (c) => `\\${c}`)}"`;
}

/** `#` in the command is refused: tmux expands formats in the popup's and the status line's commands, and a path with one would run something else. */
function checkedCommand(command: string): string {
  if (command.includes('#')) throw new TmuxConfigError(`cannot have tmux run a command with "#" in it: ${JSON.stringify(command)}`);
  return command;
}

/** The key as tmux config writes it (a single character that the parser would take as syntax is quoted). */
function keyToken(key: string): string {
  return /^[A-Za-z0-9_.:+-]+$/.test(key) ? key : `'${key}'`;
}

/** `%` in a path of the status line is refused too: tmux runs status-right through strftime first (`%20` would become another path). */
function checkedStatusPath(file: string): string {
  if (file.includes('%')) throw new TmuxConfigError(`cannot have tmux's status line run a path with "%" in it: ${JSON.stringify(file)}`);
  return checkedCommand(file);
}

/** Whether tmux's `source-file` would read `file` as a pattern rather than as a path. */
export function hasGlobCharacter(file: string): boolean {
  return /[*?[\\]/.test(file);
}

/**
 * Our file's path, refused when it holds a glob character (`*`, `?`, `[`, or the `\\` that escapes
 * them): tmux's `source-file` reads its argument as a glob(3) pattern, so a home of `/data/[ab]`
 * would source `/data/a/tmux.conf` or `/data/b/tmux.conf`, files someone else may write, and run what
 * they say. Refused like `#` and `%`: escaping would depend on how each tmux version globs.
 */
export function checkedSourcePath(file: string): string {
  if (hasGlobCharacter(file))
    throw new TmuxConfigError(
      `cannot have tmux source a file whose path holds a glob character (* ? [ or \\): ${JSON.stringify(file)}; ` +
        'tmux would read it as a pattern (set TRAILBOSS_HOME to a directory without them)',
    );
  return file;
}

/** The segment appended to `status-right`: tmux runs the sh script, no Node. */
export function specSegment(spec: IntegrationSpec): string {
  return statusSegment(checkedStatusPath(spec.statusScript), checkedStatusPath(spec.home));
}

/** The whole file. */
export function integrationFileText(spec: IntegrationSpec): string {
  if (!validKey(spec.key)) throw new TmuxConfigError(`not a key tmux can bind: ${JSON.stringify(spec.key)}`);
  checkedCommand(spec.trailboss);
  const popup = tmuxQuote(`${spec.trailboss} ${POPUP_ARGS}`);
  const segment = tmuxQuote(specSegment(spec));
  return [
    '# Written by `trailboss tmux install`; `trailboss tmux uninstall` removes it. Edits here are overwritten.',
    '# prefix + key: the waiting agents in a popup (Enter jumps this client to the pane; q closes).',
    `bind-key -T prefix ${keyToken(spec.key)} display-popup -E -w 90% -h 80% ${popup}`,
    '# The waiting count, the oldest wait and a stuck mark, after your own status-right (added once, with room for it).',
    `%if "#{==:${HAS_OUR_SEGMENT},0}"`,
    `set -ga status-right ${segment}`,
    `set -gF status-right-length "#{e|+|:#{status-right-length},${SEGMENT_WIDTH}}"`,
    '%endif',
    '',
  ].join('\n');
}

/** The segment our file (its text) appends to `status-right`, or null when it has none of ours. */
export function fileSegment(text: string): FoundSegment | null {
  const line = text.split('\n').find((l) => l.startsWith('set -ga status-right "') && l.endsWith('"'));
  if (line === undefined) return null;
  // The value as tmux's parser reads it back from tmuxQuote's escapes.
  const value = line.slice('set -ga status-right "'.length, -1).replace(/\\(.)/g, '$1');
  return ourSegments(value)[0] ?? null;
}
