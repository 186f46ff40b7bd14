/**
 * The files a tmux configuration sources (`source-file` / `source` lines), so that a key bound in
 * one of them is a clash as much as one bound in the configuration itself: our file is sourced from
 * the end of the user's, and would otherwise silently take over a binding kept in, say,
 * `~/.tmux/keys.conf` when no server is running to tell. Pure.
 *
 * Paths are resolved as tmux's config parser does in the plain cases: `~` and `$HOME` / `${HOME}` at
 * the start, a relative path against the including file's directory. A path only tmux could resolve
 * (a glob, a `#{format}` with -F, another variable) is not followed: guessing could report a clash
 * from a file tmux never reads.
 */
import { dirname, isAbsolute, join } from 'node:path';
import { words } from './key-clash.ts';

/** The path arguments of a `source-file` line (its flags and `-t target` skipped), or [] for any other line. */
export function sourceArgs(line: string): string[] {
  const w = words(line.trim());
  if (w[0] !== 'source-file' && w[0] !== 'source') return [];
  let i = 1;
  for (; i < w.length && (w[i] as string).startsWith('-') && w[i] !== '-' && w[i] !== '--'; i++) {
    const flags = (w[i] as string).slice(1);
    // -t takes an argument: the next word, or the rest of this one.
    const t = flags.indexOf('t');
    if (t >= 0 && t === flags.length - 1) i++;
  }
  if (w[i] === '--') i++;
  return w.slice(i);
}

/** One path as tmux would open it from `fromFile`, or null when only tmux could resolve it. */
export function resolveSourced(path: string, fromFile: string, home: string): string | null {
  const expanded = path.replace(/^(?:~(?=\/|$)|\$HOME(?![A-Za-z0-9_])|\$\{HOME\})/, home);
  if (/[*?[#$]/.test(expanded) || expanded.startsWith('~')) return null;
  return isAbsolute(expanded) ? expanded : join(dirname(fromFile), expanded);
}

/** Every file `text` (the content of `fromFile`) sources that can be resolved without tmux. */
export function sourcedPaths(text: string, fromFile: string, home: string): string[] {
  return text
    .split('\n')
    .flatMap(sourceArgs)
    .map((arg) => resolveSourced(arg, fromFile, home))
    .filter((path): path is string => path !== null);
}

/** Files followed at most: a configuration sourcing itself, or a long chain, ends here. */
export const MAX_SOURCED_FILES = 32;

/**
 * The configuration and every file it sources, directly or not, in the order met, each read once
 * (`read` gives null for a file that is missing or unreadable: it is left out); `skip` (our own
 * file) is not followed.
 */
export function configFiles(
  configFile: string,
  home: string,
  read: (file: string) => string | null,
  skip: string,
): { readonly file: string; readonly text: string }[] {
  const out: { file: string; text: string }[] = [];
  const seen = new Set<string>([skip]);
  const queue = [configFile];
  while (queue.length > 0 && seen.size <= MAX_SOURCED_FILES) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = read(file);
    if (text === null) continue;
    out.push({ file, text });
    queue.push(...sourcedPaths(text, file, home));
  }
  return out;
}
