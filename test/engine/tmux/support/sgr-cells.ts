/**
 * Test oracle: the style of every visible character of a `capture-pane -e` capture. tmux writes only
 * the attribute changes between cells and carries them across lines, so two captures of the same
 * screen can differ in bytes; what must match is what a terminal would show.
 */

type Style = Record<string, string>;

function apply(style: Style, params: number[]): void {
  if (params.length === 0) params = [0];
  for (let i = 0; i < params.length; i++) {
    const p = params[i]!;
    if (p === 0) for (const k of Object.keys(style)) delete style[k];
    else if (p === 38 || p === 48 || p === 58) {
      const key = p === 38 ? 'fg' : p === 48 ? 'bg' : 'ul';
      if (params[i + 1] === 5) {
        style[key] = `p${params[i + 2]}`;
        i += 2;
      } else if (params[i + 1] === 2) {
        style[key] = `#${params.slice(i + 2, i + 5).join(',')}`;
        i += 4;
      }
    } else if (p === 39) delete style.fg;
    else if (p === 49) delete style.bg;
    else if ((p >= 30 && p <= 37) || (p >= 90 && p <= 97)) style.fg = `c${p}`;
    else if ((p >= 40 && p <= 47) || (p >= 100 && p <= 107)) style.bg = `c${p}`;
    else if (p === 22) {
      delete style.a1;
      delete style.a2;
    } else if (p >= 23 && p <= 29) delete style[`a${p - 20}`];
    else style[`a${p}`] = '1';
  }
}

/** Per line, every visible character with the style it is drawn in. */
export function styledCells(lines: readonly string[]): string[][] {
  const style: Style = {};
  return lines.map((line) => {
    const cells: string[] = [];
    // eslint-disable-next-line no-control-regex
    const re = /\x1b\[([0-9;:]*)m|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b\[[0-?]*[ -/]*[@-~]|([^\x1b])/gsu;
    for (const m of line.matchAll(re)) {
      if (m[1] !== undefined) apply(style, m[1] === '' ? [] : m[1].split(/[;:]/).map(Number));
      else if (m[2] !== undefined) cells.push(`${m[2]}${JSON.stringify(Object.entries(style).sort())}`);
    }
    return cells;
  });
}
