/**
 * Show a captured screen in a tmux pane under a process named like the agent: the fixture is printed,
 * then a copy of /bin/sleep named e.g. `claude` holds the pane, so `pane_current_command` is `claude`.
 * For screens that must react to keys, use the scripted agent instead.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Path of a sleep binary named `name` inside `dir` (created once). */
export function namedSleeper(dir: string, name: string): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  const path = join(bin, name);
  copyFileSync('/bin/sleep', path);
  return path;
}

/** A shell command that draws `fixtureTxt` (alternate screen) and then idles as `sleeper`. */
export function showFixtureCommand(fixtureTxt: string, sleeper: string): string {
  return `printf '\\033[?1049h'; head -c -1 '${fixtureTxt}'; exec '${sleeper}' 100000`;
}
