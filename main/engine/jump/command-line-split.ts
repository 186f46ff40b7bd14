/**
 * Splits a one-line terminal command as the settings form holds it ("kitty -e {tmux} attach -t
 * {target}") into argv, the way a POSIX shell would split words — without running a shell.
 */

/** The words, or why the line cannot be split (an unclosed quote). */
export function splitCommandLine(line: string): { ok: true; argv: string[] } | { ok: false; problem: string } {
  const argv: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | null = null;
  const chars = Array.from(line);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    if (quote === "'") {
      if (ch === "'") quote = null;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      // Inside double quotes a backslash escapes only what the shell lets it escape.
      else if (ch === '\\' && /["\\$`]/.test(chars[i + 1] ?? '')) word += chars[++i];
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === '\\' && i + 1 < chars.length) {
      word += chars[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) argv.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote !== null) return { ok: false, problem: `unclosed ${quote === "'" ? 'single' : 'double'} quote` };
  if (inWord) argv.push(word);
  return { ok: true, argv };
}
