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

/** The question above the options, at any indent (a capture may have lost Codex's two columns). */
const QUESTION = /^\s*(?:Would you like to|Do you want to|Allow) .*\?$/;

/** Options with their digits (the approval list: a digit picks its row), or without keys (the form). */
function toOptions(block: readonly NumberedOption[], digits: boolean): PromptOption[] {
  // A long label wraps onto indented lines; the label is the whole text as the user reads it.
  return withKinds(block.map((o) => ({ key: digits ? String(o.number) : null, label: [o.label, ...o.extra].join(' ') })));
}

/**
 * The approval prompt at the bottom of the screen, or null when there is none. Confidence is high
 * only for the exact verified shape: known question, subject found, options 1..n with one `›`, and
 * the footer as the last line. Anything cut off or unfamiliar is low (no approve key).
 */
export function parseCodexPermission(lines: readonly string[]): PermissionPrompt | null {
  const last = lines.length - 1;
  const footer = APPROVAL_FOOTERS.includes((lines[last] ?? '').trim());
  // The MCP tool form says only "enter to submit | esc to cancel": what a digit does there is not shown,
  // so it is answered by Enter on the highlighted row (approve only while that row is the single-use one).
  const form = (lines[last] ?? '').trim() === FORM_FOOTER;
  const block = optionBlockAbove(lines, footer ? last - 1 : last);
  if (!block) return null;
  let questionAt = -1;
  for (let i = block.start - 1; i >= Math.max(0, block.start - 30); i--) {
    const line = lines[i] ?? '';
    if (isPromptLine(line)) break;
    if (QUESTION.test(line)) {
      questionAt = i;
      break;
    }
  }
  const options = toOptions(block.options, !form);
  const asksYesNo = options.some((o) => o.kind === 'once' || o.kind === 'deny');
  if (questionAt < 0 && !(footer && asksYesNo)) return null;
  const question = questionAt >= 0 ? (lines[questionAt] ?? '').trim() : '';
  const known = KNOWN.find((k) => k.question.test(question));
  const subject = known ? known.subject(lines.slice(questionAt + 1, block.start), question) : '';
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
