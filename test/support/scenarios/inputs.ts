/**
 * Input-line editors for idle screens, derived from the captures with a typed draft
 * (claude/idle-partial-input, codex/idle-with-draft, opencode/idle-with-draft).
 */
import type { InputSpec } from '../scripted-agent/scenario.ts';
import { fixture, firstRow, lastRow, selfContained } from './fixtures.ts';

/**
 * Claude: the draft goes after `❯ ` on the input line (the cursor row of the capture), and the
 * footer loses `· ? for shortcuts…` while a draft is typed — as idle-partial-input shows.
 */
export function claudeInput(screen: string, submit: string): InputSpec {
  const f = fixture(screen);
  const y = Number(f.meta['cursor_y']);
  const row = Number.isInteger(y) && (f.text[y] ?? '').startsWith('❯') ? y : lastRow(screen, (t) => t.startsWith('❯'), 'input');
  const line = selfContained(screen, row);
  const at = /❯[\u00a0 ]/.exec(line);
  if (!at) throw new Error(`${screen}: input row ${row} has no "❯ "`);
  const cut = at.index + at[0].length;
  const draftLines: Record<string, string> = {};
  const footer = f.text.findIndex((t, i) => i > row && t.includes('? for shortcuts'));
  // eslint-disable-next-line no-control-regex -- the hint ends where the next escape code starts
  if (footer >= 0) draftLines[String(footer)] = selfContained(screen, footer).replace(/ · \? for shortcuts[^\x1b]*/, '');
  return { row, col: 2, template: `${line.slice(0, cut)}{draft}${line.slice(cut)}`, draftLines, submit };
}

const CODEX_DRAFT = 'panes/codex/idle-with-draft';
const CODEX_HINT = '← for agents · ? for shortcuts';

/** Codex: the composer `› …` placeholder is replaced by the draft; the shortcuts hint disappears. */
export function codexInput(screen: string, submit: string): InputSpec {
  const row = lastRow(screen, (t) => t.startsWith('› '), 'composer');
  const sample = firstRow(CODEX_DRAFT, (t) => t.includes('draft text the user has not sent yet'), 'draft');
  if (sample !== row) throw new Error(`${screen}: composer on row ${row}, the draft capture has it on ${sample}`);
  const template = selfContained(CODEX_DRAFT, row).replace('draft text the user has not sent yet', '{draft}');
  const draftLines: Record<string, string> = {};
  const hint = fixture(screen).text.findIndex((t) => t.includes(CODEX_HINT));
  const sampleHint = fixture(CODEX_DRAFT).text[hint] ?? '';
  // The draft capture's hint row is the same footer minus the hint: use it when the rest matches.
  if (hint >= 0 && fixture(screen).text[hint]?.replace(CODEX_HINT, ' '.repeat(CODEX_HINT.length)) === sampleHint) {
    draftLines[String(hint)] = selfContained(CODEX_DRAFT, hint);
  }
  return { row, col: 2, template, draftLines, submit };
}

const OPENCODE_DRAFT = 'panes/opencode/idle-with-draft';
const OPENCODE_SAMPLE = 'draft text the user has not sent yet';

/** opencode: the draft is drawn in the composer box, padded so the box keeps its width. */
export function opencodeInput(screen: string, submit: string): InputSpec {
  const row = firstRow(OPENCODE_DRAFT, (t) => t.includes(OPENCODE_SAMPLE), 'draft');
  const here = fixture(screen).text[row] ?? '';
  if (here.trimEnd() !== '  ┃') throw new Error(`${screen}: row ${row} is not an empty opencode composer: ${JSON.stringify(here)}`);
  const line = selfContained(OPENCODE_DRAFT, row);
  // The sample is followed by a colour change and the padding up to the box edge.
  const after = line.slice(line.indexOf(OPENCODE_SAMPLE) + OPENCODE_SAMPLE.length);
  // eslint-disable-next-line no-control-regex -- colour codes, then the padding spaces
  const pad = /^((?:\x1b\[[0-9;]*m)*)( +)/.exec(after);
  if (!pad) throw new Error(`${OPENCODE_DRAFT}: no padding after the draft`);
  const width = OPENCODE_SAMPLE.length + (pad[2]?.length ?? 0);
  const template = line.slice(0, line.indexOf(OPENCODE_SAMPLE)) + `{draft}${pad[1] ?? ''}{pad:${width}}` + after.slice(pad[0].length);
  return { row, col: 5, template, submit };
}
