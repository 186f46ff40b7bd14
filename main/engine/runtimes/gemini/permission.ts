/**
 * Gemini CLI tool confirmations (0.61.0 captures in test/fixtures/panes/gemini/perm-*; two older and newer
 * shapes in the peer corpus). A rounded box at the bottom of the pane, the composer hidden:
 *
 *   ? Shell  echo ran >> ran.txt          (the tool and what it touches; `Action Required` may head the box)
 *   Allow execution of [Shell]?           (or `Apply this change?`, `Do you want to proceed?`, MCP's question)
 *   ● 1. Allow once                       (`●` marks the highlight; digits choose at once)
 *     2. Allow for this session
 *     3. No, suggest changes (esc)
 *
 * Verified by hand: `1` runs the tool once and the same command asks again; `3`/`4` (the "No" row) and Esc
 * cancel the request (the tool does not run, the turn ends, the pane is back at its input).
 */
import { classifyOptionLabel, isNoRow } from '../common/classify-option.ts';
import type { PermissionPrompt, PromptOption } from '../types.ts';
import type { GeminiOption } from './screen.ts';
import { isBoxBottom, isBoxTop, optionBlockEndingAt, unbox } from './screen.ts';
import { markedOption, rowAbove, wrappedRowsAbove } from '../common/numbered-block.ts';

/** Questions Gemini asks before a tool runs (0.61.0 bundle; the `: '<cmd>'` form is older releases'). */
const QUESTIONS: readonly RegExp[] = [
  /^Allow execution of \[[^\]]+\]\?$/,
  /^Allow execution of: .+\?$/,
  /^Allow execution of MCP tool .+\?$/,
  /^Apply this change\?$/,
  /^Do you want to proceed\?$/,
  // A sandboxed command asking for more access (`sandbox_expansion`): the question heads the list of what it wants.
  /^To run \[[^\]]+\], allow access to the following\?$/,
];
/** `? Shell  echo hi`, `?  WebFetch Processing URLs…`: the tool's display name, then its description. */
const HEADER = /^\?\s+(\S+)\s+(.*)$/;

function toOption(o: GeminiOption): PromptOption {
  return { key: String(o.number), label: o.label, kind: classifyOptionLabel(o.label) };
}

/**
 * The tool and what it touches, from the header row. A narrow pane wraps the tool's name under the `?` (its column
 * too narrow: `?     echo ran …` / `Shell`, captured in test/fixtures/panes/gemini/perm-shell-20.txt): the name is
 * then the lone word on the next row and the header row holds the description alone.
 */
function headerOf(rows: readonly string[], at: number): { tool: string; description: string; end: number } | null {
  const header = HEADER.exec(rows[at] ?? '');
  if (!header) return null;
  const under = rows[at + 1] ?? '';
  if (/^\?\s{3,}\S/.test(rows[at] ?? '') && /^[A-Za-z_][\w-]*$/.test(under))
    return { tool: under, description: (rows[at] ?? '').replace(/^\?\s+/, ''), end: at + 1 };
  return { tool: header[1] ?? '', description: (header[2] ?? '').trim(), end: at };
}

/** The subject: the command in the inner box (Shell: whole, where the header row cuts it), or the header's description. */
function subjectOf(lines: readonly string[], header: { tool: string; description: string; end: number }, questionAt: number): string {
  // Rows of the inner box inside the outer one: both boxes' sides come off.
  const inner = lines
    .slice(header.end + 1, questionAt)
    .map((r) => unbox(unbox(r)))
    .filter((r) => r !== '');
  return inner.length > 0 && /^Shell$/i.test(header.tool) ? inner.join('\n') : header.description;
}

/**
 * The confirmation ending the screen, or null. High confidence only for the whole, known shape.
 * `reachesPaneBottom`: the screen's last row is the pane's last row. Gemini draws the confirmation whole
 * (its list ends with the No row, a box is closed under it); one that is not whole is read (with low
 * confidence) only when the pane is too short for it. With blank rows under it, it is the top of a frame
 * still being drawn (common/torn-frame.ts): no prompt yet.
 */
export function parseGeminiPermission(lines: readonly string[], reachesPaneBottom: boolean): PermissionPrompt | null {
  let last = lines.length - 1;
  const boxed = isBoxBottom(lines[last] ?? '');
  if (boxed) last--;
  const rows = lines.map(unbox);
  while (last >= 0 && rows[last] === '') last--;
  const block = optionBlockEndingAt(rows, last);
  if (!block) return null;
  // A narrow pane wraps the question; what it asks for (sandbox access) and notes may sit between it and the list.
  const asked = wrappedRowsAbove(
    rows,
    block.start,
    10,
    10,
    (text) => QUESTIONS.some((q) => q.test(text)),
    (i) => boxed && isBoxTop(lines[i] ?? ''),
  );
  if (!asked) return null;
  const questionAt = asked.start;
  // The header is inside the outer box: the search stops at its top edge.
  const headerAt = rowAbove(
    rows,
    questionAt,
    30,
    (row) => HEADER.test(row),
    (i) => boxed && isBoxTop(lines[i] ?? ''),
  );
  const header = headerOf(rows, headerAt);
  const options = block.options.map(toOption);
  const highlighted = markedOption(block.options);
  // Gemini lists the "No" row last; a list not ending in it may be cut off at the bottom. A narrow pane cuts the
  // row's label with `…` (`No, sugges…`): still the No row, though its label is not read as a no.
  const endsInNo = isNoRow(options.at(-1)?.label ?? '', options.at(-1)?.kind ?? 'other');
  const inBox = /^\s*│/.test(lines[block.start] ?? '');
  if (!(endsInNo && (boxed || !inBox)) && !reachesPaneBottom) return null;
  const exact = header !== null && highlighted !== null && endsInNo && options.length >= 2;
  return {
    kind: 'permission',
    runtime: 'gemini',
    tool: header?.tool ?? null,
    question: asked.text,
    subject: header ? subjectOf(lines, header, questionAt) : '',
    options,
    highlighted,
    confidence: exact ? 'high' : 'low',
    escapeDenies: true,
    approveByEnterOnHighlight: false,
  };
}
