/**
 * Codex 0.169.0 approval prompts: "Would you like to run the following command?", "…make the
 * following edits?" (captured), and the network-access prompt `Do you want to approve network access
 * to "<host>"?` (seen in the wild, its labels in the 0.169.0 binary, not captured: a synthetic screen
 * in test/fixtures/panes/codex/synthetic). "Would you like to grant these permissions?" is read but
 * always low confidence: none of its grants is known to be single-use.
 */
import { withKinds } from '../common/option-context.ts';
import type { PermissionPrompt, PromptOption } from '../types.ts';
import { markedIndex, optionBlockAbove } from './options.ts';
import type { NumberedOption } from './options.ts';
import { isPromptLine } from './screen.ts';

/**
 * Last line of every approval prompt seen: 0.169.0's list, and the MCP tool-approval form
 * (`Field 1/1`, peer capture codex-ccmanager-mcp-elicitation).
 */
const LIST_FOOTER = 'Press enter to confirm or esc to cancel';
const FORM_FOOTER = 'enter to submit | esc to cancel';
const APPROVAL_FOOTERS = [LIST_FOOTER, FORM_FOOTER];

interface KnownQuestion {
  readonly question: RegExp;
  readonly tool: string;
  /** The subject from the lines between the question and the options; '' when not found. */
  readonly subject: (body: readonly string[], question: string) => string;
}

const COMMAND = /^\s*\$ /;

/** `  $ cmd` (at any indent) and its continuation lines (a multi-line command), up to the first blank line. */
function commandSubject(body: readonly string[]): string {
  const at = body.findIndex((l) => COMMAND.test(l));
  if (at < 0) return '';
  const out = [(body[at] ?? '').replace(COMMAND, '').trim()];
  for (let i = at + 1; i < body.length && (body[i] ?? '').trim() !== ''; i++) out.push((body[i] ?? '').trim());
  return out.join('\n');
}

function destinationSubject(body: readonly string[]): string {
  const line = body.find((l) => l.trim().startsWith('Destination: '));
  return line ? line.trim().slice('Destination: '.length).trim() : '';
}

const NETWORK = /^Do you want to approve network access to "([^"]+)"\?$/;
/** An MCP server's tool call: `Allow the chrome-devtools MCP server to run tool "new_page"?`. */
const MCP_TOOL = /^Allow the (\S+) MCP server to run tool "([^"]+)"\?$/;

const KNOWN: readonly KnownQuestion[] = [
  { question: /^Would you like to run the following command\?$/, tool: 'command', subject: commandSubject },
  { question: /^Would you like to make the following edits\?$/, tool: 'edit', subject: destinationSubject },
  { question: NETWORK, tool: 'network', subject: (_body, question) => NETWORK.exec(question)?.[1] ?? '' },
  {
    question: MCP_TOOL,
    tool: 'mcp',
    subject: (_body, question) => {
      const m = MCP_TOOL.exec(question);
      return m ? `${m[1] ?? ''}: ${m[2] ?? ''}` : '';
    },
  },
];

/**
 * The question above the options, at any indent (a capture may have lost Codex's two columns); an MCP
 * elicitation asks with its server's name instead (`linear needs your approval.`, 0.171.0 source).
 */
const QUESTION = /^\s*(?:(?:Would you like to|Do you want to|Allow) .*\?|\S.* needs your approval\.)$/;

/** Options with their digits (the approval list: a digit picks its row), or without keys (the form). */
/** Rows a question may wrap over in a narrow pane. */
const QUESTION_ROWS = 6;

/**
 * Rows of one wrapped line joined: with a space where the pane broke at a space, without one inside a
 * quoted name (a host or path longer than the row is cut mid-word: `"registry.npmjs.or` / `g"?`).
 */
function joinWrapped(rows: readonly string[]): string {
  return rows.reduce((text, row) => (text === '' ? row : (text.split('"').length - 1) % 2 === 1 ? text + row : `${text} ${row}`), '');
}

/**
 * The question whose last row is `end`: that row alone, or with up to five rows above it when a narrow
 * pane wrapped it (`Would you like to run the following` / `command?`), joined as one line. Null when
 * no such question ends there.
 */
function questionEndingAt(lines: readonly string[], end: number): { text: string; end: number } | null {
  const last = (lines[end] ?? '').trimEnd();
  if (!last.endsWith('?') && !last.endsWith('approval.')) return null;
  for (let rows = 1; rows <= QUESTION_ROWS && end - rows + 1 >= 0; rows++) {
    const part = lines.slice(end - rows + 1, end + 1);
    if (part.some((l) => l.trim() === '' || isPromptLine(l))) return null;
    const text = joinWrapped(part.map((l) => l.trim()));
    if (QUESTION.test(text)) return { text, end };
  }
  return null;
}

/**
 * The footer at the bottom: the last row, or the last rows read as one when a narrow pane wrapped it
 * (`Press enter to confirm or esc to` / `cancel`). Its text and the index of its first row.
 */
const FOOTER_ROWS = 3;

function footerAtBottom(lines: readonly string[], footers: readonly string[]): { footer: string | null; top: number } {
  for (let rows = 1; rows <= FOOTER_ROWS && rows <= lines.length; rows++) {
    const top = lines.length - rows;
    const text = lines
      .slice(top)
      .map((l) => l.trim())
      .join(' ');
    if (footers.includes(text)) return { footer: text, top };
  }
  return { footer: null, top: lines.length };
}

function toOptions(block: readonly NumberedOption[], digits: boolean): PromptOption[] {
  // A long label wraps onto indented lines; the label is the whole text as the user reads it.
  return withKinds(block.map((o) => ({ key: digits ? String(o.number) : null, label: [o.label, ...o.extra].join(' ') })));
}

/**
 * The approval prompt at the bottom of the screen, or null when there is none. Confidence is high
 * only for the exact verified shape: known question, subject found, options 1..n with one `›`, and
 * the footer as the last line. Anything cut off by the pane or unfamiliar is low (no approve key).
 */
export function parseCodexPermission(lines: readonly string[], reachesPaneBottom: boolean): PermissionPrompt | null {
  const { footer: footerText, top: footerTop } = footerAtBottom(lines, APPROVAL_FOOTERS);
  const footer = footerText !== null;
  // Codex draws its footer under every approval. Without it and with blank rows under the options, the
  // capture caught the top of a frame still being drawn (common/torn-frame.ts): read only when the
  // pane's last row cuts the prompt (`reachesPaneBottom`).
  if (!footer && !reachesPaneBottom) return null;
  const last = footer ? footerTop : lines.length;
  // The MCP tool form says only "enter to submit | esc to cancel": what a digit does there is not shown,
  // so it is answered by Enter on the highlighted row (approve only while that row is the single-use one).
  const form = footerText === FORM_FOOTER;
  const block = optionBlockAbove(lines, last - 1);
  if (!block) return null;
  let asked: { text: string; end: number } | null = null;
  for (let i = block.start - 1; i >= Math.max(0, block.start - 30) && !asked; i--) {
    if (isPromptLine(lines[i] ?? '')) break;
    asked = questionEndingAt(lines, i);
  }
  const options = toOptions(block.options, !form);
  const asksYesNo = options.some((o) => o.kind === 'once' || o.kind === 'deny');
  if (!asked && !(footer && asksYesNo)) return null;
  const question = asked?.text ?? '';
  const known = KNOWN.find((k) => k.question.test(question));
  const subject = known && asked ? known.subject(lines.slice(asked.end + 1, block.start), question) : '';
  const highlighted = markedIndex(block.options);
  const exact = footer && known !== undefined && subject !== '' && block.gaps === 0 && highlighted !== null && options.length >= 2;
  return {
    kind: 'permission',
    runtime: 'codex',
    tool: known?.tool ?? null,
    question,
    subject,
    options,
    highlighted,
    confidence: exact ? 'high' : 'low',
    // Verified: Esc (like `3` and `n`) cancels the request and ends the turn.
    escapeDenies: true,
    approveByEnterOnHighlight: form,
  };
}
