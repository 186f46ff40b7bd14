/**
 * Auggie 0.36.0 "Tool Approval Required" (verified in test/fixtures/panes/auggie/approval-*): a
 * rounded box at the bottom holding the title and `<label>: <description>`, and directly under it
 * the hotkey line ` [A]llow [D]eny` as the last line. `a` allows this one call (the next identical
 * call asks again), `d` denies; Esc, Enter, y, n do nothing, so Escape is never a way to say no.
 */
import { withKinds } from '../common/option-context.ts';
import type { PermissionPrompt, PromptOption } from '../types.ts';
import { unbox } from './screen.ts';

const TITLE = 'Tool Approval Required';
/** `[A]llow` style hotkeys; a line made of nothing else. */
const HOTKEY = /\[([A-Za-z])\]([A-Za-z]*)/g;
const HOTKEY_LINE = /^(?:\s*\[[A-Za-z]\][A-Za-z]*)+\s*$/;
/** `Terminal: echo hi`, `Edit File: lab-edit-demo.txt`. */
const SUBJECT = /^([A-Z][A-Za-z ]{0,40}): (.*)$/;
/** The only hotkey set verified in a capture; anything else is read but never answered by key. */
const VERIFIED_HOTKEYS = 'a:Allow d:Deny';

/** The hotkey options of a ` [A]llow [D]eny` line, or null when the line is anything else. */
export function hotkeyOptions(line: string): PromptOption[] | null {
  if (line.length > 200 || !HOTKEY_LINE.test(line)) return null;
  return withKinds([...line.matchAll(HOTKEY)].map((m) => ({ key: (m[1] ?? '').toLowerCase(), label: `${m[1] ?? ''}${m[2] ?? ''}` })));
}

interface Box {
  readonly inner: string[];
  readonly closed: boolean;
}

/** The rows of the box whose bottom edge is at `bottom`, read upward to its top edge. */
function boxAbove(lines: readonly string[], bottom: number): Box {
  const inner: string[] = [];
  for (let i = bottom - 1; i >= 0 && i >= bottom - 30; i--) {
    const t = (lines[i] ?? '').trim();
    if (t.startsWith('╭')) return { inner: inner.reverse(), closed: true };
    if (!t.startsWith('│')) break;
    inner.push(lines[i] ?? '');
  }
  return { inner: inner.reverse(), closed: false };
}

/** Where the title is: one row, or two in a narrow pane (`Tool Approval` / `Required` at 20 columns). */
function titleRows(rows: readonly string[]): { at: number; rows: number } | null {
  const one = rows.indexOf(TITLE);
  if (one >= 0) return { at: one, rows: 1 };
  const two = rows.findIndex((r, i) => r !== '' && `${r} ${rows[i + 1] ?? ''}` === TITLE);
  return two >= 0 ? { at: two, rows: 2 } : null;
}

/** The approval prompt ending the screen, or null when the screen does not end in one. */
export function parseAuggieApproval(lines: readonly string[]): PermissionPrompt | null {
  const last = lines.length - 1;
  const options = hotkeyOptions(lines[last] ?? '');
  if (!options) return null;
  const edge = (lines[last - 1] ?? '').trim();
  if (!edge.startsWith('╰')) return null;
  const box = boxAbove(lines, last - 1);
  const rows = box.inner.map(unbox);
  // A retitled box under the hotkey line is still a prompt (queued, never answered by key).
  const title = titleRows(rows);
  const titleAt = title?.at ?? -1;
  const question = title ? TITLE : (rows.find((r) => r !== '') ?? '');
  const body = rows.slice(title ? title.at + title.rows : 0).filter((r) => r !== '' && r !== question);
  const head = SUBJECT.exec(body[0] ?? '');
  const tool = head?.[1] ?? null;
  // A long or multi-line description continues on rows indented under the label.
  const subject = head ? [head[2] ?? '', ...body.slice(1)].join('\n').trim() : body.join('\n');
  const verified = options.map((o) => `${o.key}:${o.label}`).join(' ') === VERIFIED_HOTKEYS;
  return {
    kind: 'permission',
    runtime: 'auggie',
    tool,
    question,
    subject,
    options,
    // No option is ever highlighted: only the two hotkeys act.
    highlighted: null,
    confidence: verified && titleAt >= 0 && box.closed && head !== null ? 'high' : 'low',
    // Esc calls an empty dismiss handler: the prompt stays (approval-shell-after-esc).
    escapeDenies: false,
    approveByEnterOnHighlight: false,
  };
}
