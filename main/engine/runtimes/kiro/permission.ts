/**
 * kiro-cli approval prompts that kiro/approval.ts does not read (never confident, so never a key):
 * - classic: `Allow this action? Use 't' to trust (always allow) this tool for the session. [y/n/t]:`
 *   answered by typing a letter and Enter (one key cannot answer it); from public transcripts only;
 * - a terminal-UI menu not drawn as the 2.24–2.27 captures draw it (footer or rule missing, a
 *   `Yes  No  Always allow` row from older docs): queued with its options, the user jumps.
 */
import { classifyOptionLabel } from '../common/classify-option.ts';
import type { PermissionPrompt, PromptOption } from '../types.ts';
import { lastNonBlank } from './screen.ts';
import { toolRequestAbove } from './subject.ts';

const CLASSIC = 'Allow this action?';
const TRUST_TEXT = 'Trust (always allow) this tool for the session';

function prompt(
  question: string,
  tool: string | null,
  subject: string,
  options: PromptOption[],
  highlighted: number | null,
): PermissionPrompt {
  // Without the whole menu in view the level is not known, and Esc only denies on the first level.
  return {
    kind: 'permission',
    runtime: 'kiro',
    tool,
    question,
    subject,
    options,
    highlighted,
    confidence: 'low',
    escapeDenies: false,
    approveByEnterOnHighlight: false,
  };
}

function classic(lines: readonly string[]): PermissionPrompt | null {
  const tail = lastNonBlank(lines, 3);
  const at = tail.find((r) => r.text.startsWith(CLASSIC) && r.text.includes('[y/n/t]'));
  // After the question only the answer line (`>` with what was typed) may follow.
  if (!at || tail.some((r) => r.index > at.index && !r.text.startsWith('>'))) return null;
  const request = toolRequestAbove(lines, at.index);
  // The screen names only `t`; y and n are bare letters (typed, then Enter).
  const options: PromptOption[] = [
    { key: null, label: 'y', kind: classifyOptionLabel('y') },
    { key: null, label: 'n', kind: classifyOptionLabel('n') },
    { key: null, label: TRUST_TEXT, kind: classifyOptionLabel(TRUST_TEXT) },
  ];
  return prompt(CLASSIC, request.tool, request.subject, options, null);
}

const MARKER = /^([❯›>▸●])\s+/;

function terminalUi(lines: readonly string[]): PermissionPrompt | null {
  const tail = lastNonBlank(lines, 12);
  const at = tail.findLastIndex((r) => r.text.endsWith('requires approval'));
  if (at < 0) return null;
  const options: PromptOption[] = [];
  let highlighted: number | null = null;
  let subject = '';
  for (const r of tail.slice(at + 1)) {
    const marked = MARKER.exec(r.text);
    const text = marked ? r.text.slice(marked[0].length) : r.text;
    if (/^(Yes|No|Trust|Always)\b/.test(text) && !/\s{2,}/.test(text)) {
      if (marked) highlighted = options.length;
      options.push({ key: null, label: text, kind: classifyOptionLabel(text) });
    } else if (/^Yes\s{2,}No\s{2,}Always allow/.test(text)) {
      for (const label of text.split(/\s{2,}/)) options.push({ key: null, label, kind: classifyOptionLabel(label) });
    } else if (options.length === 0 && subject === '' && !/esc to close|navigate/.test(text)) {
      subject = text;
    }
  }
  if (options.length === 0) return null;
  const tool = (tail[at]?.text ?? '').replace(/\s*requires approval$/, '').trim() || null;
  return prompt(tail[at]?.text ?? '', tool, subject, options, highlighted);
}

/** The approval prompt at the bottom of the screen (either UI), or null. */
export function parseKiroPermission(lines: readonly string[]): PermissionPrompt | null {
  return classic(lines) ?? terminalUi(lines);
}
