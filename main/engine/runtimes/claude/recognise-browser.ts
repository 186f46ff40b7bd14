/**
 * Claude in Chrome's action prompt (the browser extension), seen in the wild and not captured: the
 * permission frame with the title `Claude in Chrome wants to <verb> on <site>`, the page URL, and
 * `1. Allow` / `2. Allow all actions on <site> for this session` / `3. Deny (esc)`, with no
 * "Do you want" line. Read from the 2.1.329 bundle: `Allow` answers with a plain allow (no rule is
 * added), the session option adds a rule for the site, Esc cancels. Confidence is high only for that
 * exact option list; any other wording stays low (no approve key).
 */
import { withKinds } from '../common/option-context.ts';
import type { PermissionPrompt, PromptOption } from '../types.ts';
import type { OptionBlock } from './option-block.ts';
import { isBlank, MAX_SANE_LINE } from './screen-lines.ts';

const TITLE = /^Claude in Chrome wants to \S/;
const SESSION_OPTION = /^Allow all actions on \S+ for this session$/;

/** The title line under the frame's top rule, when it is Claude in Chrome's. */
export function browserTitle(lines: readonly string[], ruleIndex: number, optionsTop: number): string | null {
  if (ruleIndex < 0) return null;
  for (let i = ruleIndex + 1; i < optionsTop; i++) {
    if (isBlank(lines[i])) continue;
    const t = (lines[i] ?? '').trim();
    return TITLE.test(t) ? t : null;
  }
  return null;
}

function exactOptions(labels: readonly string[]): boolean {
  if (labels.length === 2) return labels[0] === 'Allow' && labels[1] === 'Deny (esc)';
  return labels.length === 3 && labels[0] === 'Allow' && SESSION_OPTION.test(labels[1] ?? '') && labels[2] === 'Deny (esc)';
}

/** Build the prompt for a frame whose title is Claude in Chrome's. */
export function recogniseBrowserPrompt(lines: readonly string[], ruleIndex: number, block: OptionBlock, title: string): PermissionPrompt {
  const options: PromptOption[] = withKinds(
    block.options.map((o) => ({ key: o.number === null ? null : String(o.number), label: [o.text, ...o.more].join(' ') })),
  );
  const body = lines
    .slice(ruleIndex + 1, block.top)
    .map((l) => l.trim())
    .filter((l) => l !== '' && l !== title);
  const marked = block.options.flatMap((o, i) => (o.highlighted ? [i] : []));
  const highlighted = marked.length === 1 ? (marked[0] ?? null) : null;
  const checks = [
    block.numbered && block.options.every((o, i) => o.number === i + 1),
    exactOptions(options.map((o) => o.label)),
    highlighted !== null,
    body.length <= 1,
    lines.slice(ruleIndex).every((l) => l.length <= MAX_SANE_LINE),
  ];
  return {
    kind: 'permission',
    runtime: 'claude',
    tool: 'Claude in Chrome',
    question: title,
    // The page URL under the title, else what the title says it wants to do.
    subject: body[0] ?? title.replace(/^Claude in Chrome wants to /, ''),
    options,
    highlighted,
    confidence: checks.every(Boolean) ? 'high' : 'low',
    escapeDenies: true,
    approveByEnterOnHighlight: false,
  };
}
