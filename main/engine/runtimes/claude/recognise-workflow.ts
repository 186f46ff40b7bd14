/**
 * Claude Code's "Run a dynamic workflow?" prompt (peer capture claude-herdr-dynamic-workflow):
 *   ● Workflow(Review the current worktree diff …)
 *   ──────────────
 *    Run a dynamic workflow?
 *     Review the current worktree diff …          ← what it runs (the subject)
 *     This dynamic workflow will spin up …         ← its phases, numbered: not options
 *     …
 *     ❯ 1. Yes, run it
 *       2. View raw script
 *       3. No
 *     Esc to cancel · Tab to amend
 * A permission for one run of one workflow: "Yes, run it" offers no standing grant, so it is single-use.
 */
import { withKinds } from '../common/option-context.ts';
import type { PermissionPrompt, PromptOption } from '../types.ts';
import type { OptionBlock } from './option-block.ts';
import { isBlank } from './screen-lines.ts';

const TITLE = 'Run a dynamic workflow?';

/** Rows the title may wrap over in a narrow pane. */
const TITLE_ROWS = 3;

/** How many rows under the rule the workflow prompt's title takes (wrapped in a narrow pane), or 0 when it is not one. */
function titleRows(lines: readonly string[], ruleIndex: number): number {
  if (ruleIndex < 0) return 0;
  const first = lines.findIndex((l, i) => i > ruleIndex && !isBlank(l));
  if (first < 0) return 0;
  for (let rows = 1; rows <= TITLE_ROWS; rows++) {
    const text = lines
      .slice(first, first + rows)
      .map((l) => l.trim())
      .join(' ');
    if (text === TITLE) return rows;
    if (!TITLE.startsWith(text)) return 0;
  }
  return 0;
}

/** Is the text under the prompt's rule the workflow prompt's title? */
export function isWorkflowPrompt(lines: readonly string[], ruleIndex: number): boolean {
  return titleRows(lines, ruleIndex) > 0;
}

/** Build the prompt. High confidence only for the whole shape: title, subject, numbered options with one cursor, a "No" last, the hint footer. */
export function recogniseWorkflowPrompt(lines: readonly string[], ruleIndex: number, block: OptionBlock): PermissionPrompt {
  const body = lines.slice(ruleIndex + 1, block.top).filter((l) => !isBlank(l));
  // The subject is the paragraph under the title, up to the row that starts the explanation.
  const subject = (body[titleRows(lines, ruleIndex)] ?? '').trim();
  const options: PromptOption[] = withKinds(
    block.options.map((o) => ({ key: o.number === null ? null : String(o.number), label: [o.text, ...o.more].join(' ') })),
  );
  const marked = block.options.flatMap((o, i) => (o.highlighted ? [i] : []));
  const highlighted = marked.length === 1 ? (marked[0] ?? null) : null;
  const exact =
    block.numbered &&
    block.options.every((o, i) => o.number === i + 1) &&
    highlighted !== null &&
    subject !== '' &&
    block.footer.length > 0 &&
    options[options.length - 1]?.kind === 'deny';
  return {
    kind: 'permission',
    runtime: 'claude',
    tool: 'Workflow',
    question: TITLE,
    subject,
    options,
    highlighted,
    confidence: exact ? 'high' : 'low',
    escapeDenies: true,
    approveByEnterOnHighlight: false,
  };
}
