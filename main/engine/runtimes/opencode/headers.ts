/**
 * The line under "△ Permission required" names the tool and what it touches. Shapes from
 * opencode's permission prompt; verified in captures: `# <title>` + `$ cmd`, `→ Edit <path>`,
 * `← Access external directory <dir>`. The others follow the same source and are unverified.
 */

/** What the header says: the tool as the UI names it and the subject; null when unfamiliar. */
export interface Header {
  readonly tool: string;
  readonly subject: string;
}

const SIMPLE: readonly [RegExp, (m: RegExpExecArray) => Header][] = [
  [/^→ (Edit|Read|List) (.+)$/, (m) => ({ tool: m[1] ?? '', subject: m[2] ?? '' })],
  [/^✱ (Glob|Grep) "(.*)"$/, (m) => ({ tool: m[1] ?? '', subject: m[2] ?? '' })],
  [/^% (WebFetch) (.+)$/, (m) => ({ tool: m[1] ?? '', subject: m[2] ?? '' })],
  [/^[◈◇] (Exa (?:Web|Code) Search) "(.*)"$/, (m) => ({ tool: m[1] ?? '', subject: m[2] ?? '' })],
  [/^← (Access external directory) (.+)$/, (m) => ({ tool: m[1] ?? '', subject: m[2] ?? '' })],
  [/^⟳ (Continue after repeated failures)$/, (m) => ({ tool: 'doom_loop', subject: m[1] ?? '' })],
  [/^⚙ Call tool (.+)$/, (m) => ({ tool: m[1] ?? '', subject: m[1] ?? '' })],
];

/** `$ cmd` (possibly wrapped over following lines) or `◉ description` in the body under a `#` header. */
function hashHeader(title: string, body: readonly string[]): Header | null {
  const at = body.findIndex((l) => l.startsWith('$ ') || l.startsWith('◉ '));
  if (at < 0) return null;
  const parts = [(body[at] ?? '').slice(2).trim()];
  for (let i = at + 1; i < body.length && (body[i] ?? '') !== ''; i++) parts.push(body[i] ?? '');
  return { tool: title, subject: parts.join('\n') };
}

/** Parse the header line (trimmed) with the trimmed body lines under it. */
export function parseHeader(header: string, body: readonly string[]): Header | null {
  if (header.startsWith('# ')) return hashHeader(header.slice(2).trim(), body);
  for (const [re, read] of SIMPLE) {
    const m = re.exec(header);
    if (m) return read(m);
  }
  return null;
}
