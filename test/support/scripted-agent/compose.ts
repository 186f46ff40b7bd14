/** A state's screen as lines to draw: the fixture, its line overrides, and the draft if one is typed. */
import { join } from 'node:path';
import type { StateSpec } from './scenario.ts';
import type { DrawLine, FixtureScreen } from './screen.ts';
import { fixtureCursor, loadFixtureScreen, pensBefore } from './screen.ts';
import { draftForDisplay } from './line-editor.ts';

/** A state with its fixture read and pens computed, ready to draw many times. */
export interface LoadedState {
  readonly name: string;
  readonly spec: StateSpec;
  readonly fixture: FixtureScreen;
  readonly pens: readonly string[];
  readonly altScreen: boolean;
}

/** Read the fixture of a state (once, at start-up: drawing must not wait on the disk). */
export function loadState(fixturesRoot: string, name: string, spec: StateSpec): LoadedState {
  const fixture = loadFixtureScreen(join(fixturesRoot, spec.screen));
  const altScreen = spec.altScreen ?? fixture.meta['alternate_on'] === '1';
  return { name, spec, fixture, pens: pensBefore(fixture.ansi), altScreen };
}

/** What to draw for a state: lines (fixture coordinates), the cursor, and the row that must stay visible. */
export interface ComposedScreen {
  readonly lines: DrawLine[];
  readonly cursor: { x: number; y: number } | null;
  readonly keepRow: number;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/g;

/** Compose the state's screen with `draft` in its input line (an empty draft shows the fixture as captured). */
export function composeScreen(state: LoadedState, draft: string): ComposedScreen {
  const { spec, fixture, pens } = state;
  const lines: DrawLine[] = fixture.ansi.map((ansi, i) => ({ ansi, pen: pens[i] ?? '' }));
  // Override lines are written self-contained (their own codes from a reset), so their pen is empty.
  const put = (row: string, ansi: string): void => {
    const i = Number(row);
    while (lines.length <= i) lines.push({ ansi: '', pen: '' });
    lines[i] = { ansi, pen: '' };
  };
  for (const [row, ansi] of Object.entries(spec.lines ?? {})) put(row, ansi);
  const input = spec.input;
  let cursor = fixtureCursor(fixture);
  if (input && draft !== '') {
    const shown = draftForDisplay(draft).replace(CONTROL, ' ');
    const width = [...shown].length;
    const line = input.template
      .split('{draft}')
      .join(shown)
      .replace(/\{pad:(\d+)\}/g, (_m, n: string) => ' '.repeat(Math.max(0, Number(n) - width)));
    put(String(input.row), line);
    for (const [row, ansi] of Object.entries(input.draftLines ?? {})) put(row, ansi);
    cursor = { x: input.col + width, y: input.row };
  } else if (input && !cursor) {
    cursor = { x: input.col, y: input.row };
  }
  return { lines, cursor, keepRow: input ? input.row : (cursor?.y ?? -1) };
}
