/**
 * Whether a key of the prefix table is already the user's: a `bind-key` line for it in their
 * configuration, or a binding a running server holds that is not ours. Such a key is a clash: it is
 * reported and never overwritten. Pure.
 */
import { POPUP_ARGS } from './integration-file.ts';

/** The words of a config line, quotes removed (enough for `bind-key` and `source-file` options and arguments). */
export function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

/** The key a `bind-key` line binds in the prefix table, or null (another table, or not a bind line). */
export function prefixKeyOf(line: string): string | null {
  const w = words(line.trim());
  if (w[0] !== 'bind' && w[0] !== 'bind-key') return null;
  let table = 'prefix';
  let i = 1;
  for (; i < w.length && (w[i] as string).startsWith('-') && w[i] !== '-' && w[i] !== '--'; i++) {
    const flags = (w[i] as string).slice(1);
    if (flags.includes('n')) table = 'root';
    // -T and -N take an argument: the next word (or the rest of this one).
    const takes = /[TN]/.exec(flags);
    if (takes) {
      const rest = flags.slice(takes.index + 1);
      const arg = rest !== '' ? rest : (w[++i] ?? '');
      if (takes[0] === 'T') table = arg;
    }
  }
  if (w[i] === '--') i++;
  return table === 'prefix' ? (w[i] ?? null) : null;
}

/** The 1-based numbers of the lines of `text` that bind `key` in the prefix table. */
export function configBindings(text: string | null, key: string): number[] {
  if (text === null) return [];
  const found: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (prefixKeyOf(line) === key) found.push(i + 1);
  });
  return found;
}

/** `tmux list-keys -T prefix KEY` output: the binding when it is someone else's, else null. */
export function foreignBinding(listKeys: string): string | null {
  const line = listKeys.split('\n').find((l) => l.trim() !== '');
  if (line === undefined || line.includes(POPUP_ARGS)) return null;
  return line.trim();
}
