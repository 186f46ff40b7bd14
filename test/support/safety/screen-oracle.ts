/**
 * An independent reading of what a key would choose on a screen, straight from the screen text
 * (and colours), without using any runtime parser. The safety invariant compares parser decisions
 * against this oracle, so a parser bug cannot hide behind itself.
 */
import { styledRuns, stripAnsi } from '../../../main/engine/runtimes/common/ansi.ts';

// `❯ 1. Yes` (Claude, Codex) or `→ [3] Index this workspace…` (auggie's bracketed digits).
const OPTION_LINE = /^\s*(?:[❯›>→]\s*)?(?:(\d+)\.|\[(\d)\])\s+(.+?)\s*$/;
const MARKER = /^\s*[❯›>→]\s*(?:\d+\.|\[\d\])/;

/**
 * Single-use labels verified by other projects' real captures (test/fixtures/peer-screens, each
 * screen's note): Cursor agent 2026.09.26's shell and delete approvals, Kiro CLI 2.24–2.27's menu.
 */
const PEER_SINGLE_USE = ['run (once) (y)', 'delete (y)', 'yes, single permission'];

/**
 * Labels verified in the fixture notes to grant exactly one invocation (hand-kept on purpose).
 * `[a]llow` is auggie 0.36.0's hotkey (the next identical call asks again: approval-shell-repeat).
 */
export const VERIFIED_SINGLE_USE = new Set(['yes', 'yes, proceed (y)', 'allow once', '[a]llow', ...PEER_SINGLE_USE]);
/**
 * Shapes seen in the wild but not captured (test/fixtures/panes/<runtime>/synthetic), or captured
 * but single-use only by their source's word: single-use by their source, kept apart from the captured ones. Codex 0.169.0's "Yes, just this once" (label in its
 * binary, bounded by its own words); Claude in Chrome's plain "Allow" (its 2.1.329 handler answers
 * allow without adding a rule) counts only on a screen that shows that prompt's title.
 */
export const SOURCE_SINGLE_USE = new Set([
  'yes, just this once',
  'yes, just this once (y)',
  // Auggie's indexing consent: asked again at the next start (dialog-indexing.md); thrum approves it with 3.
  'index this workspace for this session',
]);
const CHROME_TITLE = /^\s*Claude in Chrome wants to \S/;
/** Claude Code's one-off workflow prompt: its `Yes, run it` runs this one workflow (peer capture claude-herdr-dynamic-workflow). */
const WORKFLOW_TITLE = /^\s*Run a dynamic workflow\?\s*$/;

/**
 * Bare actions that peers' real captures show as the single-use answer, but only beside a row that
 * spells out the wider grant (Cursor's `Fetch (y)` over `Always allow <host> (tab)`, `Allow search (y)`
 * over `Run Everything`, Codex's MCP form `Allow` over `Allow for this session` / `Always allow`).
 * Alone, their scope is not stated, so they count only with such a sibling on screen.
 */
const BARE_SINGLE_USE = new Set(['fetch (y)', 'allow search (y)', 'allow']);
/** A row that states a grant wider than one call (read independently of the parsers' word lists). */
const WIDER_ROW = /\b(?:always|everything|allow-?list|allowlist|session|future|don'?t ask again)\b/i;
/** Deny labels of the same uncaptured shapes. */
export const SOURCE_DENY = new Set(['deny (esc)', 'no, continue without running it', 'no, continue without running it (esc)']);

/** Labels verified to say no. */
export const VERIFIED_DENY = new Set([
  'no',
  'reject',
  '[d]eny',
  'no, and tell claude what to do differently (esc)',
  'no, and tell codex what to do differently (esc)',
  // Peer captures (test/fixtures/peer-screens): Cursor agent 2026.09.26, Kiro CLI 2.24–2.27.
  'skip (esc or n)',
  'skip & tell the agent what to do instead (esc or n)',
  'keep (n)',
  'no (tab to edit)',
  // Claude Code 2.1.289 (peer capture claude-agentman-permission-amend-open): the same no, its `(esc)` hint not drawn.
  'no, and tell claude what to do differently',
  // Cursor agent (peer captures cursor-ccmanager-write-file, cursor-tr-notes-mcp-approval): the reject row,
  // bound to esc, n and p alike on the write gate.
  'reject & propose changes (p)',
  'reject & propose changes (esc or n or p)',
]);

interface NumberedOption {
  readonly number: number;
  readonly label: string;
  readonly marked: boolean;
}

/**
 * The screen's logical lines: a row tmux cut at the pane's width (`continued`, known from how the
 * variant was made, not from a parser) goes on in the next row; box sides are taken off.
 */
export function logicalLines(lines: readonly string[], continued?: readonly boolean[]): string[] {
  const out: string[] = [];
  let carry = '';
  for (const [i, row] of lines.entries()) {
    if (continued?.[i]) {
      carry += row;
      continue;
    }
    out.push(carry + row);
    carry = '';
  }
  if (carry !== '') out.push(carry);
  return out.map((l) => l.replace(/\s?[│┃║]\s*$/, '').replace(/^(\s*)[│┃║]\s?/, '$1'));
}

/**
 * Numbered options in the bottom 30 drawn lines (blank rows under the screen, as a tall pane has, are
 * not drawn lines); for a number seen twice the bottom-most wins.
 */
export function numberedOptions(lines: readonly string[]): NumberedOption[] {
  const byNumber = new Map<number, NumberedOption>();
  const end = lines.findLastIndex((l) => l.trim() !== '') + 1;
  for (const line of lines.slice(Math.max(0, end - 30), end)) {
    const m = OPTION_LINE.exec(line);
    const number = Number(m?.[1] ?? m?.[2]);
    if (m) byNumber.set(number, { number, label: (m[3] ?? '').trim(), marked: MARKER.test(line) });
  }
  return [...byNumber.values()];
}

const BOX_EDGE = /^\s*[│┃]|[│┃]\s*$/g;
/** An option row that is not numbered, with its marker when it has one (`  → Run (once) (y)`, ` ❯ Yes, single permission`). */
const PLAIN_OPTION = /^\s*([❯→▶]\s+)?(\S.*?)\s*$/;
/** The parenthesised key hint that ends a row, as printed (`(y)`, `(esc or n)`, `(p or Esc)`). */
const TRAILING_HINT = /\(([^()]+)\)$/;

/** Rows of the bottom 30 non-blank-ended lines (a whole-pane capture ends in blank rows), box edges removed, trimmed. */
function rowsOf(lines: readonly string[]): string[] {
  const end = lines.findLastIndex((l) => l.trim() !== '') + 1;
  return lines.slice(Math.max(0, end - 30), end).map((l) => l.replace(BOX_EDGE, '').trim());
}

/** The one row whose trailing hint names `key` as a key of its own (`(esc or n)` names `n`), or null. */
export function hintedRow(key: string, lines: readonly string[]): string | null {
  const hits = rowsOf(lines).flatMap((row) => {
    const hint = TRAILING_HINT.exec(row)?.[1];
    if (!hint) return [];
    const keys = hint.toLowerCase().split(/\s+or\s+|\s*\/\s*|,\s*/);
    if (!keys.includes(key.toLowerCase())) return [];
    return [(PLAIN_OPTION.exec(row)?.[2] ?? row).replace(/^\d+\.\s+/, '')];
  });
  return hits.length === 1 ? (hits[0] ?? null) : null;
}

/** The one unnumbered row drawn behind a marker (`❯`, `→`, `▶`), or null when none or several. */
export function markedRow(lines: readonly string[]): string | null {
  const hits = rowsOf(lines).flatMap((row) => {
    const m = PLAIN_OPTION.exec(row);
    return m?.[1] && !/^\d+\./.test(m[2] ?? '') ? [m[2] ?? ''] : [];
  });
  return hits.length === 1 ? (hits[0] ?? null) : null;
}

/** Text of the button drawn with opencode's highlight background (palette 215), if any. */
export function highlightedButton(ansiLines: readonly string[]): string | null {
  for (const line of [...ansiLines].reverse()) {
    if (!/Allow once|Reject|Allow always/.test(stripAnsi(line))) continue;
    // The highlighted button is the one drawn on a background none of the others has (any theme's colour).
    const buttons = styledRuns(line).filter((r) => /^(?:Allow once|Allow always|Reject)$/.test(r.text.trim()));
    const odd = buttons.filter((b) => buttons.every((o) => o === b || o.bg !== b.bg));
    return buttons.length >= 2 && odd.length === 1 ? (odd[0]?.text.trim() ?? null) : null;
  }
  return null;
}

/**
 * A hotkey line (` [A]llow [D]eny`) as the last non-blank line: each bracketed letter selects its
 * word at once, written back as `[A]llow`. Null when the bottom line is anything else.
 */
export function hotkeyChoices(lines: readonly string[]): Map<string, string> | null {
  const last = [...lines].reverse().find((l) => l.trim() !== '') ?? '';
  if (!/^\s*(?:\[[A-Za-z]\]\S*\s*)+$/.test(last)) return null;
  const out = new Map<string, string>();
  for (const m of last.matchAll(/\[([A-Za-z])\](\S*)/g)) {
    const key = (m[1] ?? '').toLowerCase();
    // A letter offered twice is ambiguous: it reads as nothing.
    out.set(key, out.has(key) ? '' : `[${m[1] ?? ''}]${m[2] ?? ''}`);
  }
  return out;
}

/** What pressing `key` selects, as read from the screen: a label, 'ESCAPE', or null when unreadable. */
export function choiceFor(
  key: string,
  rows: readonly string[],
  ansiLines?: readonly string[],
  continued?: readonly boolean[],
): string | null {
  if (key === 'Escape') return 'ESCAPE';
  const lines = logicalLines(rows, continued);
  const hotkeys = hotkeyChoices(lines);
  if (hotkeys && /^[a-z]$/i.test(key)) return hotkeys.get(key.toLowerCase()) || null;
  const options = numberedOptions(lines);
  if (/^\d$/.test(key)) return options.find((o) => o.number === Number(key))?.label ?? null;
  if (key === 'Enter') {
    const marked = options.filter((o) => o.marked);
    if (marked.length === 1) return marked[0]?.label ?? null;
    if (ansiLines) return highlightedButton(ansiLines);
    return options.length === 0 ? markedRow(lines) : null;
  }
  if (/^[a-z]$/.test(key)) return hintedRow(key, lines);
  return null;
}

/** Does the key land on a verified single-use option? */
export function landsOnSingleUse(
  key: string,
  lines: readonly string[],
  ansiLines?: readonly string[],
  continued?: readonly boolean[],
): boolean {
  const raw = choiceFor(key, lines, ansiLines, continued);
  const choice = raw?.toLowerCase().replace(/\s+/g, ' ') ?? null;
  if (raw === null || choice === null) return false;
  if (VERIFIED_SINGLE_USE.has(choice) || SOURCE_SINGLE_USE.has(choice)) return true;
  // Titles are read on the logical lines (box sides off), as the options are.
  const logical = logicalLines(lines, continued);
  if (choice === 'allow' && logical.some((l) => CHROME_TITLE.test(l))) return true;
  if (choice === 'yes, run it' && logical.some((l) => WORKFLOW_TITLE.test(l))) return true;
  // A label with a description column (`Allow      Run the tool and continue.`): the label is its first
  // column, and a description that states a wider scope makes the row more than once.
  if (WIDER_ROW.test(raw)) return false;
  const label =
    raw
      .trim()
      .split(/\s{2,}/)[0]
      ?.toLowerCase() ?? '';
  if (!BARE_SINGLE_USE.has(label)) return false;
  const drawn = logical.slice(0, logical.findLastIndex((l) => l.trim() !== '') + 1);
  const rows = drawn.slice(-30).filter((l) => l.trim() !== '' && !l.includes(raw.trim()));
  return rows.some((l) => /^\s*(?:[❯›>→▶]\s*)?(?:\d+\.\s+)?\S/.test(l) && WIDER_ROW.test(l));
}

/** Does the key say no (Escape, or a verified deny label)? */
export function landsOnDeny(key: string, lines: readonly string[], ansiLines?: readonly string[], continued?: readonly boolean[]): boolean {
  const choice = choiceFor(key, lines, ansiLines, continued)?.replace(/\s+/g, ' ') ?? null;
  return choice === 'ESCAPE' || (choice !== null && (VERIFIED_DENY.has(choice.toLowerCase()) || SOURCE_DENY.has(choice.toLowerCase())));
}
