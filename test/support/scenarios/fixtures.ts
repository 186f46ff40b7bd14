/** Fixture access for scenario builders: read captures from the repo's test/fixtures. */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { FixtureScreen } from '../scripted-agent/screen.ts';
import { loadFixtureScreen, pensBefore } from '../scripted-agent/screen.ts';

/** Absolute path of the project's fixtures (`test/fixtures`). */
export const FIXTURES_ROOT = fileURLToPath(new URL('../../fixtures', import.meta.url));

const cache = new Map<string, FixtureScreen>();

/** A capture by its path under test/fixtures without extension (`panes/claude/perm-bash`). */
export function fixture(screen: string): FixtureScreen {
  let found = cache.get(screen);
  if (!found) {
    found = loadFixtureScreen(join(FIXTURES_ROOT, screen));
    cache.set(screen, found);
  }
  return found;
}

/** The last row whose plain text passes `test`; throws naming the screen when there is none. */
export function lastRow(screen: string, test: (text: string) => boolean, what: string): number {
  const text = fixture(screen).text;
  for (let i = text.length - 1; i >= 0; i--) if (test(text[i] ?? '')) return i;
  throw new Error(`${screen}: no ${what} row`);
}

/** The first row whose plain text passes `test`; throws naming the screen when there is none. */
export function firstRow(screen: string, test: (text: string) => boolean, what: string): number {
  const row = fixture(screen).text.findIndex(test);
  if (row < 0) throw new Error(`${screen}: no ${what} row`);
  return row;
}

/** Row `row` of a capture as a self-contained `.ansi` line (its pen first), for a line override. */
export function selfContained(screen: string, row: number): string {
  const f = fixture(screen);
  return (pensBefore(f.ansi)[row] ?? '') + (f.ansi[row] ?? '');
}
