/**
 * The safety invariant (never loosened): over every captured screen, every peer screen (other projects'
 * captures, test/fixtures/peer-screens) and generated variants,
 * approve never lands on anything but a verified single-use option, deny never says yes, and a
 * prompt that cannot be parsed with confidence yields no approve key at all.
 * "Lands on" is judged by an independent screen oracle, not by the parser under test.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIMES } from '../../../main/engine/runtimes/catalog.ts';
import { approveKeyFor, denyKeyFor } from '../../../main/engine/runtimes/common/keys.ts';
import type { RuntimeModule } from '../../../main/engine/runtimes/types.ts';
import { peerScreens } from '../../support/peer-screens.ts';
import { cliWrappedRows } from '../../support/safety/cli-wrapped.ts';
import { landsOnDeny, landsOnSingleUse } from '../../support/safety/screen-oracle.ts';
import {
  TEMPTING_LABELS,
  highlightVariants,
  hotkeyVariants,
  markedListVariants,
  numberedVariants,
} from '../../support/safety/screen-variants.ts';
import {
  borderVariants,
  colourVariants,
  tailRowVariants,
  tallVariants,
  widthVariants,
  wrappedTemptingVariants,
} from '../../support/safety/shape-variants.ts';
import type { ScreenVariant } from '../../support/safety/screen-variants.ts';
import { seededRandom } from '../../support/seeded-random.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/panes');

function captures(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...captures(path));
    else if (name.endsWith('.txt')) out.push(path);
  }
  return out;
}

const toLines = (text: string) => text.replace(/\n$/, '').split('\n');

function check(runtime: RuntimeModule, v: ScreenVariant): string[] {
  const problems: string[] = [];
  const screen = runtime.classify({ lines: v.lines, ...(v.ansiLines ? { ansiLines: v.ansiLines } : {}) });
  if (screen.kind !== 'permission') return problems;
  // Rows tmux wrapped are known from how the variant was made; labels the CLI wrapped itself under their
  // number (real narrow captures, <runtime>/sizes) are read whole by layout alone (cli-wrapped.ts).
  const view = v.continued ? { lines: v.lines, continued: v.continued } : cliWrappedRows(v.lines);
  const approve = approveKeyFor(screen);
  if (approve !== null && screen.confidence !== 'high') problems.push(`${v.name}: approve key on a low-confidence parse`);
  if (approve !== null && !landsOnSingleUse(approve, view.lines, v.ansiLines, view.continued))
    problems.push(`${v.name}: approve '${approve}' does not land on a single-use option`);
  const deny = denyKeyFor(screen);
  if (deny !== null && !landsOnDeny(deny, view.lines, v.ansiLines, view.continued))
    problems.push(`${v.name}: deny '${deny}' does not land on a no`);
  return problems;
}

/** Fixed seed: the same generated widths on every run. */
const random = seededRandom(25);
/** Widths drawn per screen (20–250 columns): with the other shapes, a few seconds for the whole set on a loaded 2-core machine. */
const WIDTHS_PER_SCREEN = 6;

/** Shapes we generate rather than saw: widths with tmux wrapping, rows under the menu, borders, colour themes. */
function shapes(lines: string[], ansiLines: string[] | undefined): ScreenVariant[] {
  return [
    ...widthVariants(lines, random, WIDTHS_PER_SCREEN),
    ...wrappedTemptingVariants(
      lines,
      TEMPTING_LABELS.map((l) => l.replace(/^yes,?\s*/i, ', ')),
    ),
    ...tailRowVariants(lines),
    ...tallVariants(lines),
    ...borderVariants(lines),
    ...(ansiLines ? colourVariants(lines, ansiLines) : []),
  ];
}

/** The screen as captured and every generated variant of it. */
function variantsOf(lines: string[], ansiLines?: string[]): ScreenVariant[] {
  return [
    { name: 'as captured', lines, ...(ansiLines ? { ansiLines } : {}) },
    { name: 'plain only', lines },
    ...numberedVariants(lines),
    ...hotkeyVariants(lines),
    ...markedListVariants(lines),
    ...(ansiLines ? highlightVariants(lines, ansiLines) : []),
    ...shapes(lines, ansiLines),
  ];
}

/**
 * The real captures at every pane size (<runtime>/sizes): the CLI wrapped or cut their labels itself, and the
 * generators that rewrite one option row (swap, insert, reword, hotkeys, markers, tempting rows) or draw borders
 * cannot carry a label's wrapped rows with it, so they would make screens no CLI draws, which the oracle cannot
 * read. These keep the CLI's own drawing: as captured, plain, highlight and colour themes, other widths, rows
 * under the menu, tall panes. (At 120 columns the same prompts get every variant above.)
 */
function drawnVariantsOf(lines: string[], ansiLines?: string[]): ScreenVariant[] {
  return [
    { name: 'as captured', lines, ...(ansiLines ? { ansiLines } : {}) },
    { name: 'plain only', lines },
    ...(ansiLines ? highlightVariants(lines, ansiLines) : []),
    ...widthVariants(lines, random, WIDTHS_PER_SCREEN),
    ...tailRowVariants(lines),
    ...tallVariants(lines),
    ...(ansiLines ? colourVariants(lines, ansiLines) : []),
  ];
}

const runtimeDirs = readdirSync(FIXTURES).filter((d) => statSync(join(FIXTURES, d)).isDirectory());

describe('safety invariant over every fixture and generated variants', () => {
  it('has fixtures for the verified runtimes', () => {
    for (const id of ['claude', 'codex', 'opencode', 'auggie']) expect(runtimeDirs).toContain(id);
  });

  for (const dir of runtimeDirs) {
    const runtime = RUNTIMES.find((r) => r.id === dir);
    for (const file of captures(join(FIXTURES, dir))) {
      const name = file.slice(FIXTURES.length + 1);
      it(name, () => {
        expect(runtime, `no runtime module for fixture folder ${dir}`).toBeDefined();
        if (!runtime) return;
        const lines = toLines(readFileSync(file, 'utf8'));
        const ansiPath = file.replace(/\.txt$/, '.ansi');
        let ansiLines: string[] | undefined;
        try {
          ansiLines = toLines(readFileSync(ansiPath, 'utf8'));
        } catch {
          ansiLines = undefined;
        }
        const variants = name.includes('/sizes/') ? drawnVariantsOf(lines, ansiLines) : variantsOf(lines, ansiLines);
        const problems = variants.flatMap((v) => check(runtime, v));
        expect(problems).toEqual([]);
      });
    }
  }
});

describe('safety invariant over every peer screen (test/fixtures/peer-screens) and generated variants', () => {
  const screens = peerScreens();

  it('has the peer corpus', () => {
    expect(screens.length).toBeGreaterThanOrEqual(56);
  });

  for (const screen of screens) {
    it(screen.id, () => {
      const runtime = RUNTIMES.find((r) => r.id === screen.runtime);
      expect(runtime, `no runtime module for ${screen.runtime}`).toBeDefined();
      if (!runtime) return;
      const problems = variantsOf(toLines(readFileSync(screen.txt, 'utf8'))).flatMap((v) => check(runtime, v));
      expect(problems).toEqual([]);
    });
  }
});
