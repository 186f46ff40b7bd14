/** The Codex composer (`› …` above the footer) and the text typed into it. */
import { stripAnsi } from '../common/ansi.ts';
import { findFromBottom, isPromptLine } from './screen.ts';

/** Placeholders Codex shows in an empty composer (0.169.0 shows the first; older builds rotate examples). */
const PLACEHOLDERS = new Set([
  'Ask Codex to do anything',
  'Explain this codebase',
  'Summarize recent commits',
  'Implement {feature}',
  'Find and fix a bug in @filename',
  'Write tests for @filename',
  'Improve documentation in @filename',
  'Run /review on my current changes',
]);

/** Footer lines under the composer: `GPT-5.5 default · <cwd>`, `? for shortcuts`, `⚠ 1 warning · f2 to view`. */
const FOOTER_HINT = /\? for shortcuts|f2 to view|context left| · /;

/** Where the composer is, and its draft ('' for the placeholder). */
export interface Composer {
  readonly index: number;
  readonly draft: string;
}

/** SGR state at the first visible character after `skip` visible characters: is it dim (SGR 2)? */
function dimAfter(ansiLine: string, skip: number): boolean {
  let dim = false;
  let seen = 0;
  // eslint-disable-next-line no-control-regex
  const parts = ansiLine.split(/(\x1b\[[0-9;]*m)/);
  for (const part of parts) {
    if (part.startsWith('\x1b[')) {
      for (const code of part.slice(2, -1).split(';')) {
        if (code === '2') dim = true;
        else if (code === '0' || code === '' || code === '22') dim = false;
      }
      continue;
    }
    for (const ch of part) {
      if (seen >= skip && ch !== ' ') return dim;
      seen++;
    }
  }
  return false;
}

function isPlaceholder(text: string, line: string, ansiLines?: readonly string[]): boolean {
  const ansi = ansiLines?.findLast((l) => stripAnsi(l).trimEnd() === line);
  // The placeholder is drawn dim; typed text is not. Colour wins over the known-text list.
  if (ansi !== undefined) return dimAfter(ansi, 2);
  return PLACEHOLDERS.has(text);
}

/** Footer rows: 1–3, or up to 5 where a narrow pane (rows under 40 columns) wrapped them (4 at 20 columns). */
function footerRowsAllowed(below: readonly string[]): number {
  return below.every((l) => l.trimEnd().length < 40) ? 5 : 3;
}

/**
 * The bottom-most `› ` line with nothing but its own continuation lines, a blank line and 1–3
 * footer lines below it. User messages in the transcript look the same but have more below them.
 */
export function findComposer(lines: readonly string[], ansiLines?: readonly string[]): Composer | null {
  const index = findFromBottom(lines, isPromptLine, 10);
  if (index < 0) return null;
  const first = (lines[index] ?? '').slice(2).trim();
  const typed = [first];
  let j = index + 1;
  for (; j < lines.length && (lines[j] ?? '') !== '' && (lines[j] ?? '').startsWith('  ') && !FOOTER_HINT.test(lines[j] ?? ''); j++) {
    typed.push((lines[j] ?? '').trim());
  }
  const rest = lines.slice(j);
  const below = rest.filter((l) => l.trim() !== '');
  if (below.length === 0 || below.length > footerRowsAllowed(below) || !below.some((l) => FOOTER_HINT.test(l))) return null;
  // The footer is drawn as one block right under the composer (one blank row between at most); rows
  // apart from each other further down are other output a frame still being drawn left there.
  const footerFrom = rest.findIndex((l) => l.trim() !== '');
  if (footerFrom > 1 || rest.slice(footerFrom).some((l) => l.trim() === '')) return null;
  const draft = typed.length === 1 && isPlaceholder(first, lines[index] ?? '', ansiLines) ? '' : typed.join('\n');
  return { index, draft };
}
