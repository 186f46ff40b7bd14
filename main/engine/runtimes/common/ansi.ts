/** Pure helpers for tmux `capture-pane -e` output: strip escapes, and read the colours of text runs. */

// CSI sequences (SGR and friends) and OSC sequences (hyperlinks, titles), plus lone ESC pairs.
// eslint-disable-next-line no-control-regex
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;

/** Remove every escape sequence, leaving the visible text. */
export function stripAnsi(text: string): string {
  return text.replace(ESCAPES, '');
}

/** A run of text drawn with one style. Colours: 0–255 palette index, `#rrggbb`, or null (default). */
export interface StyledRun {
  readonly text: string;
  readonly fg: number | string | null;
  readonly bg: number | string | null;
  readonly bold: boolean;
  readonly reverse: boolean;
}

interface Style {
  fg: number | string | null;
  bg: number | string | null;
  bold: boolean;
  reverse: boolean;
}

const PLAIN: Style = { fg: null, bg: null, bold: false, reverse: false };

function hex(r: number, g: number, b: number): string {
  return '#' + [r, g, b].map((n) => Math.max(0, Math.min(255, n)).toString(16).padStart(2, '0')).join('');
}

/** Apply one SGR parameter list (the part between `ESC[` and `m`) to a style. */
function applySgr(style: Style, params: string): Style {
  const next = { ...style };
  const codes = params === '' ? [0] : params.split(/[;:]/).map((p) => (p === '' ? 0 : Number(p)));
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i] ?? 0;
    if (c === 0) Object.assign(next, PLAIN);
    else if (c === 1) next.bold = true;
    else if (c === 22) next.bold = false;
    else if (c === 7) next.reverse = true;
    else if (c === 27) next.reverse = false;
    else if (c >= 30 && c <= 37) next.fg = c - 30;
    else if (c >= 90 && c <= 97) next.fg = c - 90 + 8;
    else if (c === 39) next.fg = null;
    else if (c >= 40 && c <= 47) next.bg = c - 40;
    else if (c >= 100 && c <= 107) next.bg = c - 100 + 8;
    else if (c === 49) next.bg = null;
    else if (c === 38 || c === 48) {
      const mode = codes[i + 1];
      let value: number | string | null = null;
      if (mode === 5) {
        value = codes[i + 2] ?? null;
        i += 2;
      } else if (mode === 2) {
        value = hex(codes[i + 2] ?? 0, codes[i + 3] ?? 0, codes[i + 4] ?? 0);
        i += 4;
      }
      if (c === 38) next.fg = value;
      else next.bg = value;
    }
  }
  return next;
}

/** Split one `-e` captured line into styled runs. Non-SGR escapes are dropped. */
export function styledRuns(line: string): StyledRun[] {
  const runs: StyledRun[] = [];
  let style: Style = { ...PLAIN };
  let last = 0;
  const push = (text: string) => {
    if (text) runs.push({ text, ...style });
  };
  ESCAPES.lastIndex = 0;
  for (let m = ESCAPES.exec(line); m; m = ESCAPES.exec(line)) {
    push(line.slice(last, m.index));
    const seq = m[0];
    if (seq.startsWith('\x1b[') && seq.endsWith('m')) style = applySgr(style, seq.slice(2, -1));
    last = m.index + seq.length;
  }
  push(line.slice(last));
  return runs;
}
