/**
 * Drawing pieces Gemini CLI 0.61.0 and Qwen Code 0.24.4 share (Qwen Code is a Gemini CLI fork; both draw with
 * Ink): a text cut to its row with `…` (Ink's `wrap="truncate"`, which their option lists use: see
 * test/fixtures/panes/qwen/perm-shell-60.txt, where `Always allow run 'echo *' commands in this pro…` is cut) and
 * the numbered radio list (`RadioButtonSelect`: `● 1. Allow once`, the number padded to the widest one).
 */
import type { CatalogueOption } from './catalogue.ts';
import { wrapText } from './render.ts';

/** `text` in at most `room` columns: whole when it fits, else its first `room - 1` characters and `…`. */
export function truncateText(text: string, room: number): string {
  const chars = [...text];
  if (chars.length <= room) return text;
  return `${chars.slice(0, Math.max(0, room - 1)).join('')}…`;
}

/** How a runtime draws its radio list. */
export interface RadioStyle {
  /** The highlight marker (`●` Gemini, `›` Qwen). */
  readonly marker: string;
  /** Gemini's `ask_user` list puts a space before each label (`● 1.  Red`). */
  readonly labelGap?: string;
  /** Labels cut to their row (RadioButtonSelect) or wrapped under themselves (the `ask_user` list). */
  readonly labels: 'truncate' | 'wrap';
  /** Where a wrapped label goes on (default: under the label; Qwen's question list: at the list's margin). */
  readonly wrapIndent?: string;
}

/**
 * The rows of a numbered radio list `width` columns wide (no indent: the caller adds the box or margin).
 * An option's description goes on the rows under it, wrapped, under the label (the `ask_user` captures).
 */
export function radioRows(options: readonly CatalogueOption[], highlighted: number, width: number, style: RadioStyle): string[] {
  const digits = String(options.length).length;
  const out: string[] = [];
  options.forEach((o, i) => {
    const number = `${String(i + 1).padStart(digits)}.`;
    const head = `${i === highlighted ? style.marker : ' '} ${number} ${style.labelGap ?? ''}`;
    const indent = ' '.repeat([...head].length);
    const label = o.hint ? `${o.label} (${o.hint})` : o.label;
    if (style.labels === 'truncate') out.push(head + truncateText(label, Math.max(1, width - [...head].length)));
    else out.push(...wrapText(label, width, head, style.wrapIndent ?? indent));
    if (o.description) out.push(...wrapText(o.description, width, indent, indent));
  });
  return out;
}
