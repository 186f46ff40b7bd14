/**
 * The peer screens (test/fixtures/peer-screens): each screen's lines, its index row, and the
 * machine-readable header of its note (`expect-state`, `expect-approve-key`, `expect-deny-key`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../../fixtures/peer-screens');

/** What a screen's note says the screen must read as. */
export interface PeerExpectation {
  /** Acceptable states (`permission|dialog` → both). */
  readonly states: readonly string[];
  /** The tmux key approve must send, or `none`. */
  readonly approve: string;
  /** The tmux key deny must send, or `none`. */
  readonly deny: string;
}

/** One peer screen with its note's expectation (null when the screen has no note yet). */
export interface PeerScreen {
  readonly id: string;
  readonly runtime: string;
  readonly lines: string[];
  readonly expect: PeerExpectation | null;
}

/** Parse a note's header lines; throws on a note that lacks one of the three keys. */
export function parseNoteHeader(text: string, id: string): PeerExpectation {
  const value = (key: string) => {
    const m = new RegExp(`^${key}:[ \\t]*(\\S+)`, 'm').exec(text.split('\n\n')[0] ?? '');
    if (!m?.[1]) throw new Error(`${id}.md: no ${key} in its header`);
    return m[1];
  };
  return { states: value('expect-state').split('|'), approve: value('expect-approve-key'), deny: value('expect-deny-key') };
}

/** Every peer screen of `runtime` (all when omitted), in index order. */
export function peerScreens(runtime?: string): PeerScreen[] {
  const rows = readFileSync(join(ROOT, 'index.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter((row) => row.trim() !== '')
    .map((row) => row.split('\t'));
  return rows
    .filter((cols) => runtime === undefined || cols[1] === runtime)
    .map(([id = '', rt = '']) => {
      const lines = readFileSync(join(ROOT, 'screens', `${id}.txt`), 'utf8')
        .replace(/\n$/, '')
        .split('\n');
      const notePath = join(ROOT, 'screens', `${id}.md`);
      const expect = existsSync(notePath) ? parseNoteHeader(readFileSync(notePath, 'utf8'), id) : null;
      return { id, runtime: rt, lines, expect };
    });
}
