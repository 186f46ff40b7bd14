/**
 * The part of a Claude permission prompt between its top rule and its options: tool header, description,
 * the content box, the question. Two layouts are known:
 * - 2.1.329 (and Edit/Write in 2.1.197): header, tip/description/file name, content between `╌╌╌` lines.
 * - 2.1.197 Bash/Read/Fetch: header, then indented content and description with no box.
 */
import { isBlank, isDashedRule } from './screen-lines.ts';

/** What was read above the options. */
export interface PermissionBody {
  /** First line under the rule ("Bash command"), null when the rule was not found. */
  readonly header: string | null;
  /** The nearest non-blank line above the options (the question), '' when there is none below the header. */
  readonly question: string;
  /** Whether the question sits directly on top of the options, as in every capture. */
  readonly questionAdjacent: boolean;
  /** Non-blank lines between header and box (or question), tips removed ("notes.txt", "List files in /tmp"). */
  readonly before: readonly string[];
  /** Content between the two dashed lines, left padding removed; null when there is no complete box. */
  readonly box: readonly string[] | null;
  /** Without a box: the non-blank lines between header and question, trimmed (2.1.197 layout). */
  readonly loose: readonly string[];
  /**
   * Without a box: lines drawn at the header's own indent below the indented content, trimmed. They are
   * the prompt's remarks about the content (`Contains expansion`), not part of the command.
   */
  readonly remarks: readonly string[];
}

/** Remove the smallest common indentation (the box padding) and trailing spaces. */
function dedent(lines: readonly string[]): string[] {
  const pad = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length));
  return lines.map((l) => (Number.isFinite(pad) ? l.slice(pad) : l).trimEnd());
}

/** Trim blank lines at both ends. */
function trimBlank(lines: readonly string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && isBlank(lines[a])) a++;
  while (b > a && isBlank(lines[b - 1])) b--;
  return lines.slice(a, b);
}

/**
 * Content indented under the header, then remarks back at the header's indent (`Contains expansion`
 * under a Bash command). Only trailing lines at or left of the header's indent count as remarks, and only
 * when indented content comes first; otherwise everything is content.
 */
function splitRemarks(lines: readonly string[], header: string): { content: string[]; remarks: string[] } {
  const headerIndent = header.length - header.trimStart().length;
  const indent = (l: string): number => l.length - l.trimStart().length;
  let cut = lines.length;
  while (cut > 0 && (isBlank(lines[cut - 1]) || indent(lines[cut - 1] ?? '') <= headerIndent)) cut--;
  const remarks = lines
    .slice(cut)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (cut === 0 || remarks.length === 0) return { content: [...lines], remarks: [] };
  return { content: lines.slice(0, cut), remarks };
}

/**
 * Read the body between `ruleIndex` (exclusive; -1 when no rule was found) and `optionsTop` (exclusive).
 */
export function readPermissionBody(lines: readonly string[], ruleIndex: number, optionsTop: number): PermissionBody {
  let questionAt = optionsTop - 1;
  while (questionAt > ruleIndex + 1 && isBlank(lines[questionAt])) questionAt--;
  // A prompt whose title asks (2.1.332 "Use this skill?") draws no question: the box's closing edge is no question.
  if (questionAt <= ruleIndex + 1 || isDashedRule(lines[questionAt])) questionAt = -1;
  const question = questionAt < 0 ? '' : (lines[questionAt] ?? '').trim();
  const body = lines.slice(ruleIndex + 1, questionAt < 0 ? optionsTop : questionAt);
  const headerAt = ruleIndex < 0 ? -1 : body.findIndex((l) => !isBlank(l));
  const header = headerAt < 0 ? null : (body[headerAt] ?? '').trim();
  const rest = body.slice(headerAt + 1);
  const dashed = rest.flatMap((l, i) => (isDashedRule(l) ? [i] : []));
  const open = dashed[0];
  const close = dashed[dashed.length - 1];
  const hasBox = dashed.length === 2 && open !== undefined && close !== undefined;
  const beforeLines = hasBox ? rest.slice(0, open) : rest;
  const box = hasBox ? dedent(trimBlank(rest.slice(open + 1, close))) : null;
  const { content, remarks } = hasBox ? { content: beforeLines, remarks: [] } : splitRemarks(beforeLines, body[headerAt] ?? '');
  const before = content.map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('Tip:'));
  const loose = hasBox ? [] : before;
  return { header, question, questionAdjacent: questionAt === optionsTop - 1, before: hasBox ? before : [], box, loose, remarks };
}
