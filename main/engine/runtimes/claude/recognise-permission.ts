/** Turns a Claude tool-permission prompt (Bash, Edit, Write, Read, WebFetch) into a structured PermissionPrompt. */
import { withKinds } from '../common/option-context.ts';
import type { PermissionPrompt, PromptOption } from '../types.ts';
import type { OptionBlock } from './option-block.ts';
import { readPermissionBody } from './permission-body.ts';
import type { PermissionBody } from './permission-body.ts';
import { KNOWN_TOOLS, readSubject } from './permission-subject.ts';
import { MAX_SANE_LINE } from './screen-lines.ts';

/**
 * After Tab ("amend") option 1 becomes an inline text field, "Yes, and tell Claude what to do next".
 * Digits may then go into that field instead of choosing an option; only Esc was verified to deny there,
 * so such a prompt is read as low confidence (no approve key; deny falls back to Escape).
 */
const TEXT_ENTRY = /tell claude what to do next/i;
/**
 * An option that is a text field while the cursor is on it: `Type here to tell Claude what to do
 * differently` (2.1.2) and, after Tab on "No", `No, and tell Claude what to do differently` with the
 * footer down to `Esc to cancel` (2.1.289). Whether a digit then picks an option or goes into the field
 * changed between releases (anthropics/claude-code#19182, #23145), so a prompt with the cursor on such a
 * field is low confidence too: no approve key, and Escape (shown as cancelling) to deny. So is one whose
 * "no" is such a field: its digit may open the field rather than deny. (The older plain option
 * `No, and tell Claude what to do differently (esc)` carries its key hint and is not a field.)
 */
const TEXT_FIELD = /^type here to tell claude\b|\btell claude what to do (?:next|differently)$/i;

/** The footer hint that Tab turns the highlighted option into a text field (2.1.3xx: `Esc to cancel · Tab to amend`). */
const AMEND_HINT = /\bTab to amend\b/i;

/**
 * The same "No" field once text is typed into it (2.1.332): the row reads `No, <the text>` with the
 * marker on it, and a digit typed now goes into the field (`deny-message-field-typed`: "use pnpm 4 y
 * instead"). The old plain option carries its key hint (`… differently (esc)`) and is not a field.
 * Wherever the marker is: a screen with such a row is not one a digit can be trusted on.
 */
const TYPED_NO_FIELD = /^No,\s(?!.*\(esc\)$)/;

/**
 * Does the question above the options ask "Do you want to …?", also when a narrow pane wrapped it over
 * a few rows (`Do you want to` / `allow this` / `connection?`): the rows from that start to the question
 * row hold no other `?`.
 */
function asksDoYouWant(body: PermissionBody): boolean {
  const rows = [...body.loose, body.question];
  for (let i = rows.length - 1; i >= Math.max(0, rows.length - 4); i--) {
    const row = rows[i] ?? '';
    if (i < rows.length - 1 && row.includes('?')) return false;
    if (/^Do you want to\b/.test(row)) return body.question.endsWith('?');
  }
  return false;
}

/** Is this block, with what is above it, a tool permission prompt rather than some other dialog? */
export function looksLikePermission(body: PermissionBody, block: OptionBlock): boolean {
  if (!block.numbered) return false;
  const knownTool = body.header !== null && (KNOWN_TOOLS as readonly string[]).includes(body.header);
  return knownTool || body.box !== null || asksDoYouWant(body);
}

/** Read the body above `block` (its top rule at `ruleIndex`, -1 when not found). */
export function permissionBody(lines: readonly string[], ruleIndex: number, block: OptionBlock): PermissionBody {
  return readPermissionBody(lines, ruleIndex, block.top);
}

function numberedInOrder(block: OptionBlock): boolean {
  return block.options.every((o, i) => o.number === i + 1);
}

/** Build the prompt. Confidence is high only when every part had exactly the shape seen in real captures. */
export function recognisePermission(
  lines: readonly string[],
  ruleIndex: number,
  block: OptionBlock,
  body: PermissionBody,
): PermissionPrompt {
  // A wrapped label continues on the lines below it; classify the whole text, never a prefix.
  const options: PromptOption[] = withKinds(
    block.options.map((o) => ({ key: o.number === null ? null : String(o.number), label: [o.text, ...o.more].join(' ') })),
  );
  const marked = block.options.flatMap((o, i) => (o.highlighted ? [i] : []));
  const highlighted = marked.length === 1 ? (marked[0] ?? null) : null;
  const tool = body.header;
  const reading = readSubject(tool, body);
  const last = options[options.length - 1];
  const checks = [
    ruleIndex >= 0 && tool !== null && (KNOWN_TOOLS as readonly string[]).includes(tool),
    reading.certain && reading.subject.trim() !== '',
    body.questionAdjacent && body.question.endsWith('?'),
    block.numbered && options.length >= 2 && numberedInOrder(block),
    highlighted !== null,
    // Cut off by the pane bottom? Claude lists "No" last; without it, only the key-hint footer proves the end.
    block.footer.length > 0 || last?.kind === 'deny',
    !options.some(
      (o, i) =>
        TEXT_ENTRY.test(o.label) || (TEXT_FIELD.test(o.label) && (i === highlighted || o.kind === 'deny')) || TYPED_NO_FIELD.test(o.label),
    ),
    lines.slice(Math.max(0, ruleIndex)).every((l) => l.length <= MAX_SANE_LINE),
  ];
  return {
    kind: 'permission',
    runtime: 'claude',
    tool,
    // No question drawn: the title asks it ("Use this skill?").
    question: body.question === '' && tool?.endsWith('?') ? tool : body.question,
    subject: reading.subject,
    options,
    highlighted,
    confidence: checks.every(Boolean) ? 'high' : 'low',
    escapeDenies: true,
    approveByEnterOnHighlight: false,
    ...(block.footer.some((l) => AMEND_HINT.test(l)) ? { amendKey: 'Tab' as const } : {}),
  };
}
