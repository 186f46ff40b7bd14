/**
 * Generated variants of real prompt screens: options reordered, reworded, added, removed, the
 * highlight moved, the screen cut short. Every variant must still satisfy the safety invariant.
 */

const OPTION_LINE = /^(\s*)([❯›>]?)(\s*)(\d+)\.\s+(.+?)\s*$/;

/** A named variant of a screen: plain lines, and colour lines where the variant keeps them valid. */
export interface ScreenVariant {
  readonly name: string;
  readonly lines: string[];
  readonly ansiLines?: string[];
  /** For a wrapped variant: `continued[i]` when row i was cut by the pane's width and goes on in row i+1. */
  readonly continued?: readonly boolean[];
}

/** Labels that must never be approved; inserted and substituted to tempt a parser. */
export const TEMPTING_LABELS = [
  'Yes, allow all edits during this session',
  "Yes, and don't ask again",
  'Yes, and switch to auto mode',
  'Allow always',
  'Yes, for this project',
  'Always yes',
  'Yes, and remember this decision',
  'Yes please, from now on',
  'Yes, just this once and for this conversation',
  'Allow all actions on example.com for this session',
  'Yes, and allow this host in the future',
  // Standing grants on the Cursor agent 2026.09 and Kiro CLI 2.24–2.27 peer screens, and the shapes issue 25 names.
  'Run Everything',
  'Add Shell(rm) to allowlist?',
  'Trust, always allow in this session',
  'Trust this workspace',
  'Yes, build locally',
  'Auto-approve all future requests',
  'Approve all pending',
];

interface Parsed {
  readonly index: number;
  readonly indent: string;
  readonly marker: string;
  readonly number: number;
  readonly label: string;
}

function parseOptions(lines: readonly string[]): Parsed[] {
  const out: Parsed[] = [];
  const from = Math.max(0, lines.length - 30);
  for (let i = from; i < lines.length; i++) {
    const m = OPTION_LINE.exec(lines[i] ?? '');
    if (m) out.push({ index: i, indent: m[1] ?? '', marker: m[2] ?? '', number: Number(m[4]), label: m[5] ?? '' });
  }
  // Keep only the last run of options numbered 1..n (older prompts in scrollback are not the prompt).
  const lastOne = out.map((o) => o.number).lastIndexOf(1);
  return lastOne >= 0 ? out.slice(lastOne) : [];
}

function render(p: Parsed, number: number, label: string, marked: boolean, markerChar: string): string {
  const width = p.indent.length + p.marker.length;
  const lead = marked ? ' '.repeat(Math.max(0, width - 1)) + markerChar : ' '.repeat(width);
  return `${lead} ${number}. ${label}`;
}

/** Rewrite the option block: `labels` in order, `marked` = index of the highlighted one (or -1). */
function rewrite(lines: readonly string[], opts: Parsed[], labels: string[], marked: number): string[] {
  const first = opts[0];
  const last = opts[opts.length - 1];
  if (!first || !last) return [...lines];
  const markerChar = opts.find((o) => o.marker)?.marker || '❯';
  const block = labels.map((label, i) => render(opts[Math.min(i, opts.length - 1)] ?? first, i + 1, label, i === marked, markerChar));
  // Continuation lines between options (descriptions) are dropped: the variant is about the options.
  return [...lines.slice(0, first.index), ...block, ...lines.slice(last.index + 1)];
}

/** Every variant of a numbered-option screen. Empty when the screen has no numbered options. */
export function numberedVariants(lines: readonly string[]): ScreenVariant[] {
  const opts = parseOptions(lines);
  if (opts.length < 2) return [];
  const labels = opts.map((o) => o.label);
  const markedAt = opts.findIndex((o) => o.marker !== '');
  const out: ScreenVariant[] = [];
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const swapped = [...labels];
      [swapped[i], swapped[j]] = [swapped[j] as string, swapped[i] as string];
      out.push({ name: `swap ${i + 1}<->${j + 1}`, lines: rewrite(lines, opts, swapped, markedAt) });
    }
    out.push({ name: `highlight on ${i + 1}`, lines: rewrite(lines, opts, labels, i) });
    out.push({
      name: `remove ${i + 1}`,
      lines: rewrite(
        lines,
        opts,
        labels.filter((_, k) => k !== i),
        Math.min(markedAt, labels.length - 2),
      ),
    });
  }
  for (const tempting of TEMPTING_LABELS) {
    for (let at = 0; at <= labels.length; at++) {
      const more = [...labels.slice(0, at), tempting, ...labels.slice(at)];
      out.push({ name: `insert "${tempting}" at ${at + 1}`, lines: rewrite(lines, opts, more, at === 0 ? 0 : markedAt) });
    }
    // Reword every single-use-looking option into a tempting one.
    const reworded = labels.map((l) => (/^(yes|allow once)/i.test(l) && !/,/.test(l) ? tempting : l));
    out.push({ name: `reword yes -> "${tempting}"`, lines: rewrite(lines, opts, reworded, markedAt) });
    // A bare action (`Allow`, `Fetch`, `Run`) reworded, its description column kept: the description must not rescue it.
    const bare = labels.map((l) => l.replace(/^(?:allow|fetch|run)(?=\s{2,}|$)/i, tempting));
    if (bare.some((l, k) => l !== labels[k]))
      out.push({ name: `reword bare action -> "${tempting}"`, lines: rewrite(lines, opts, bare, markedAt) });
  }
  // A description column that itself states a wider scope makes its row broader than once.
  const widened = labels.map((l) => l.replace(/^(\S.*?\S)\s{2,}\S.*$/, '$1   Run it and remember this choice for future calls.'));
  if (widened.some((l, k) => l !== labels[k])) out.push({ name: 'descriptions widened', lines: rewrite(lines, opts, widened, markedAt) });
  out.push({ name: 'no highlight', lines: rewrite(lines, opts, labels, -1) });
  // A narrow pane squeezes the marker against the number (`❯2.`).
  out.push({ name: 'marker against the number', lines: lines.map((l) => l.replace(/([❯›>])\s+(\d{1,2}\.\s)/, '$1$2')) });
  out.push({ name: 'duplicate yes', lines: rewrite(lines, opts, [...labels, 'Yes'], markedAt) });
  const lastOpt = opts[opts.length - 1];
  if (lastOpt) {
    for (let cut = 1; cut < opts.length; cut++) {
      out.push({ name: `cut after option ${cut}`, lines: lines.slice(0, (opts[cut - 1]?.index ?? 0) + 1) });
    }
  }
  return out;
}

/** opencode-style variants: the highlight (background 215) moved to each button, or removed. */
export function highlightVariants(lines: readonly string[], ansiLines: readonly string[]): ScreenVariant[] {
  const row = ansiLines.findLastIndex((l) => /Allow once/.test(l) && /Reject/.test(l));
  if (row < 0) return [];
  const line = ansiLines[row] ?? '';
  // opencode draws the buttons on background 234 and the highlighted one on 215.
  // eslint-disable-next-line no-control-regex -- opencode draws its highlight with this exact SGR.
  const plainHighlight = line.replace(/\x1b\[48;5;215m/g, '\x1b[48;5;234m');
  const out: ScreenVariant[] = [
    { name: 'no highlight', lines: [...lines], ansiLines: ansiLines.map((l, i) => (i === row ? plainHighlight : l)) },
  ];
  for (const button of ['Allow once', 'Allow always', 'Reject']) {
    const moved = plainHighlight.replace(new RegExp(`(\x1b\\[[0-9;]*m)(${button})`), '$1\x1b[48;5;215m$2\x1b[48;5;234m');
    out.push({ name: `highlight on ${button}`, lines: [...lines], ansiLines: ansiLines.map((l, i) => (i === row ? moved : l)) });
  }
  out.push({ name: 'plain capture only', lines: [...lines] });
  return out;
}

const HOTKEY_LINE = /^\s*(?:\[[A-Za-z]\]\S*\s*)+$/;

/** Hotkey lines a parser must never approve on (only `[A]llow [D]eny` is verified). */
const HOTKEY_REWRITES = [
  ' [D]eny [A]llow',
  ' [A]lways [D]eny',
  ' [A]llow-always [D]eny',
  ' [A]llowSession [D]eny',
  ' [A]llow [S]ession [D]eny',
  ' [A]llow [A]lways [D]eny',
  ' [Y]es [A]llow [D]eny',
  ' [A]llow [D]eny [N]ever',
  ' [A]llow',
  ' [D]eny',
  ' [A]pprove [D]eny',
  ' [a]llow [d]eny',
  ...TEMPTING_LABELS.map((label) => ` [${label[0] ?? 'A'}]${label.slice(1).replace(/\s+/g, '-')} [D]eny`),
];

/**
 * auggie-style variants: the ` [A]llow [D]eny` line under an approval box reworded, reordered,
 * extended, cut, or the box itself cut or retitled. Empty when the screen does not end in a hotkey line.
 */
export function hotkeyVariants(lines: readonly string[]): ScreenVariant[] {
  const last = lines.findLastIndex((l) => l.trim() !== '');
  if (last < 0 || !HOTKEY_LINE.test(lines[last] ?? '')) return [];
  const head = lines.slice(0, last);
  const out: ScreenVariant[] = HOTKEY_REWRITES.map((line) => ({ name: `hotkeys "${line.trim()}"`, lines: [...head, line] }));
  out.push({ name: 'hotkey line gone', lines: [...head] });
  out.push({ name: 'a line under the hotkeys', lines: [...head, lines[last] ?? '', '  and one more line'] });
  const top = head.findLastIndex((l) => l.trim().startsWith('╭'));
  if (top >= 0) {
    for (let cut = top + 1; cut < head.length - 1; cut++) out.push({ name: `box cut at row ${cut - top}`, lines: lines.slice(cut) });
  }
  out.push({ name: 'retitled', lines: lines.map((l) => l.replace('Tool Approval Required', 'Allow for this session ')) });
  out.push({ name: 'untitled', lines: lines.map((l) => l.replace('Tool Approval Required', '                      ')) });
  return out;
}

/** An unnumbered option row behind or beside a marker column: `  → Run (once) (y)`, `    Keep (n)`, ` ❯ Yes, single permission`. */
const MARKED_ROW = /^(\s*)([❯→▶]) (\S.*)$/;

/**
 * Cursor- and Kiro-style variants of an unnumbered option list with a marker (`→`, `❯`): the
 * marker moved to every row, removed or doubled; rows swapped; tempting labels inserted (bare, and
 * carrying the single-use row's own key hint); the single-use-looking row reworded; the list cut
 * short; a line of output under it. Empty when the screen has no such list in its last 30 lines.
 */
export function markedListVariants(lines: readonly string[]): ScreenVariant[] {
  // A whole-pane capture ends in blank rows: the last 30 rows that hold something.
  const from = Math.max(0, lines.findLastIndex((l) => l.trim() !== '') + 1 - 30);
  const at = lines.findLastIndex((l, i) => i >= from && MARKED_ROW.test(l) && !l.includes('│'));
  const m = MARKED_ROW.exec(lines[at] ?? '');
  if (at < 0 || !m) return [];
  const column = (m[1] ?? '').length + 2;
  const pad = ' '.repeat(column);
  const isRow = (l: string) => l.length > column && l.slice(0, column).trim() === '' && l[column] !== ' ';
  let first = at;
  while (first > from && isRow(lines[first - 1] ?? '')) first--;
  let last = at;
  while (last + 1 < lines.length && isRow(lines[last + 1] ?? '')) last++;
  const labels = lines.slice(first, last + 1).map((l, k) => (first + k === at ? (m[3] ?? '') : l.slice(column)));
  if (labels.length < 2) return [];
  const markedAt = at - first;
  const marker = `${' '.repeat(column - 2)}${m[2] ?? '❯'} `;
  const render = (rows: string[], marked: readonly number[]) => [
    ...lines.slice(0, first),
    ...rows.map((label, k) => (marked.includes(k) ? marker : pad) + label),
    ...lines.slice(last + 1),
  ];
  const hint = / \([^()]+\)$/.exec(labels[0] ?? '')?.[0] ?? '';
  const out: ScreenVariant[] = [];
  for (let i = 0; i < labels.length; i++) {
    out.push({ name: `marker on ${i + 1}`, lines: render(labels, [i]) });
    if (i !== markedAt) out.push({ name: `markers on ${markedAt + 1} and ${i + 1}`, lines: render(labels, [markedAt, i]) });
    for (let j = i + 1; j < labels.length; j++) {
      const swapped = [...labels];
      [swapped[i], swapped[j]] = [swapped[j] ?? '', swapped[i] ?? ''];
      out.push({ name: `swap ${i + 1}<->${j + 1}`, lines: render(swapped, [markedAt]) });
    }
    out.push({ name: `cut after row ${i + 1}`, lines: render(labels, [markedAt]).slice(0, first + i + 1) });
  }
  out.push({ name: 'no marker', lines: render(labels, []) });
  for (const tempting of TEMPTING_LABELS) {
    for (const label of hint ? [tempting, tempting + hint] : [tempting]) {
      for (let k = 0; k <= labels.length; k++) {
        const more = [...labels.slice(0, k), label, ...labels.slice(k)];
        out.push({ name: `insert "${label}" at ${k + 1}`, lines: render(more, [k === 0 ? 0 : markedAt]) });
      }
    }
    const reworded = labels.map((l) => (/^(yes|run|delete|allow|fetch)\b/i.test(l) ? tempting + (/ \([^()]+\)$/.exec(l)?.[0] ?? '') : l));
    out.push({ name: `reword -> "${tempting}"`, lines: render(reworded, [markedAt]) });
  }
  out.push({ name: 'a line of output under the list', lines: [...render(labels, [markedAt]), '  and one more line'] });
  return out;
}
