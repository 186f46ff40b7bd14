/**
 * What a kiro-cli tool request is about, from the lines above its approval prompt (legacy UI,
 * as quoted in public transcripts; unverified):
 *   I will run the following command: git diff (using tool: shell)
 *   Reading file: /etc/cron.d/dummy, all lines (using tool: read)
 *   🛠️  Using tool: fs_write … ● Path: /x/y.py
 */

/** Tool and subject, or nulls when the lines do not say. */
export interface ToolRequest {
  readonly tool: string | null;
  readonly subject: string;
}

function usingTool(line: string): string | null {
  const at = line.lastIndexOf('(using tool: ');
  return at >= 0 && line.endsWith(')') ? line.slice(at + '(using tool: '.length, -1).trim() : null;
}

/** Read the request from the lines above the prompt (closest first wins). */
export function toolRequestAbove(lines: readonly string[], promptAt: number): ToolRequest {
  for (let i = promptAt - 1; i >= Math.max(0, promptAt - 40); i--) {
    const line = (lines[i] ?? '').trim();
    const tool = usingTool(line);
    if (line.startsWith('I will run the following command: ') && tool) {
      return { tool, subject: line.slice('I will run the following command: '.length, line.lastIndexOf(' (using tool: ')).trim() };
    }
    if (line.startsWith('Reading file: ') && tool) {
      const rest = line.slice('Reading file: '.length);
      const comma = rest.indexOf(', ');
      return { tool, subject: (comma > 0 ? rest.slice(0, comma) : rest.slice(0, rest.lastIndexOf(' (using tool: '))).trim() };
    }
    const path = /^(?:● )?Path: (\S.*)$/.exec(line);
    if (path) return { tool: toolNameAbove(lines, i), subject: path[1] ?? '' };
    const running = /^(?:● )?Running (\S+) with the param:?$/.exec(line);
    if (running) return { tool: running[1] ?? null, subject: running[1] ?? '' };
  }
  return { tool: null, subject: '' };
}

function toolNameAbove(lines: readonly string[], from: number): string | null {
  for (let i = from - 1; i >= Math.max(0, from - 10); i--) {
    const m = /Using tool: (\S+)/.exec(lines[i] ?? '');
    if (m) return m[1] ?? null;
  }
  return null;
}
