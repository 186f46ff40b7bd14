/** Pure reader of tmux control-mode output: `%begin/%end/%error` reply blocks and `%` notifications. */

/** One reply: the output of one command. `flags` 1 = a command this client sent on stdin, 0 = any other (argv, hooks). */
export interface ControlReply {
  readonly kind: 'reply';
  readonly time: number;
  readonly number: number;
  readonly flags: number;
  /** false for `%error`: `lines` then hold the error message. */
  readonly ok: boolean;
  readonly lines: readonly string[];
}

/** A notification outside any block (`%exit`, `%sessions-changed`, `%window-add @3`…). */
export interface ControlNotification {
  readonly kind: 'notification';
  /** Without the `%`: `exit`, `session-changed`, `output`… */
  readonly name: string;
  /** Everything after the name (may be empty). */
  readonly args: string;
}

/** What one line completed, if anything. */
export type ControlEvent = ControlReply | ControlNotification;

interface OpenBlock {
  readonly guard: string;
  readonly time: number;
  readonly number: number;
  readonly flags: number;
  readonly lines: string[];
}

const GUARD = /^%(begin|end|error) (\d+) (\d+) (\d+)$/;

/**
 * Feeds lines, returns completed events. Inside a block every line is output, even one starting
 * with `%`: a pane can show any text. The block closes only on `%end`/`%error` carrying the same
 * time, number and flags as its `%begin`, so pane text that merely looks like `%end` cannot end it.
 */
export class ControlParser {
  private block: OpenBlock | null = null;

  push(line: string): ControlEvent | null {
    const block = this.block;
    if (block) {
      const m = GUARD.exec(line);
      if (m && (m[1] === 'end' || m[1] === 'error') && `${m[2]} ${m[3]} ${m[4]}` === block.guard) {
        this.block = null;
        return { kind: 'reply', time: block.time, number: block.number, flags: block.flags, ok: m[1] === 'end', lines: block.lines };
      }
      block.lines.push(line);
      return null;
    }
    const m = GUARD.exec(line);
    if (m && m[1] === 'begin') {
      this.block = { guard: `${m[2]} ${m[3]} ${m[4]}`, time: Number(m[2]), number: Number(m[3]), flags: Number(m[4]), lines: [] };
      return null;
    }
    if (line.startsWith('%')) {
      const space = line.indexOf(' ');
      return space < 0
        ? { kind: 'notification', name: line.slice(1), args: '' }
        : { kind: 'notification', name: line.slice(1, space), args: line.slice(space + 1) };
    }
    // Anything else outside a block is not part of the protocol (nothing we can act on).
    return null;
  }

  /** True while a block is open (output cut off mid-block means the client died mid-reply). */
  get inBlock(): boolean {
    return this.block !== null;
  }
}

const OUTPUT = Buffer.from('%output %');
const EXTENDED_OUTPUT = Buffer.from('%extended-output %');

/**
 * The pane id of a `%output` / `%extended-output` line, or null for any other line. Only the id is
 * read: the pane's bytes after it are never decoded or kept (a busy pane sends a lot of them).
 */
export function outputPaneIdOf(line: Buffer): string | null {
  const prefix = line.subarray(0, OUTPUT.length).equals(OUTPUT)
    ? OUTPUT.length
    : line.subarray(0, EXTENDED_OUTPUT.length).equals(EXTENDED_OUTPUT)
      ? EXTENDED_OUTPUT.length
      : -1;
  if (prefix < 0) return null;
  const end = line.indexOf(0x20, prefix);
  return end < 0 ? null : line.toString('latin1', prefix - 1, end);
}

/** outputPaneIdOf for a decoded line. */
export function outputPaneId(line: string): string | null {
  return outputPaneIdOf(Buffer.from(line, 'utf8'));
}
