/**
 * Screen drawing: pure helpers, then on a private tmux server every screen the ready-made
 * scenarios draw, captured back and compared with the fixture (`-p` text, and `-p -e` byte for byte).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateTmux } from '../../../support/tmux-server.ts';
import { startPrivateTmux } from '../../../support/tmux-server.ts';
import type { Scenario, StateSpec } from '../../../support/scripted-agent/scenario.ts';
import { pensBefore, renderLines, stripEscapes, visibleOffset } from '../../../support/scripted-agent/screen.ts';
import type { ScriptedAgent } from '../../../support/scripted-agent/start.ts';
import { startScriptedAgent } from '../../../support/scripted-agent/start.ts';
import {
  FIXTURES_ROOT,
  claudeAutoModeOffer,
  claudeIdleWorking,
  claudePermBash,
  claudePermEdit,
  claudePermWebFetch,
  claudePermWrite,
  claudeTrustDialog,
  codexExecApproval,
  codexModelMigration,
  codexWarningsOverlay,
  opencodeBashApproval,
  claudeDenyFieldPrompt,
  FLEET_RUNTIMES,
} from '../../../support/scenarios/index.ts';
import { RUNTIME_IDS } from '../../../../main/engine/runtimes/types.ts';
import { fixture } from '../../../support/scenarios/fixtures.ts';
import { claudeMenuLines, codexMenuLines, opencodeButtonLine } from '../../../support/scenarios/highlights.ts';

describe('pensBefore', () => {
  it('carries colour codes to the next line and restarts at a reset', () => {
    expect(pensBefore(['\x1b[31mred', 'still red\x1b[1m', '\x1b[0mplain', 'x'])).toEqual(['', '\x1b[31m', '\x1b[31m\x1b[1m', '\x1b[0m']);
  });
});

describe('visibleOffset', () => {
  const lines = (texts: string[]): { ansi: string; pen: string }[] => texts.map((ansi) => ({ ansi, pen: '' }));

  it('shows everything from the top when the screen fits', () => {
    expect(visibleOffset(lines(['a', 'b', '']), 3)).toBe(0);
  });

  it('drops trailing blank rows first, then shows the bottom of the content', () => {
    expect(visibleOffset(lines(['a', 'b', 'c', 'd', '', '']), 2)).toBe(2);
  });

  it('keeps the row that must stay visible (the input line) even when blank', () => {
    expect(visibleOffset(lines(['a', 'b', 'c', '', '']), 2, 4)).toBe(3);
  });
});

describe('renderLines', () => {
  it('draws a cell for codes a capture left at a line end (tmux trimmed the blanks they coloured)', () => {
    expect(renderLines([{ ansi: 'x\x1b[39m', pen: '' }], 1, 0, null)).toContain('x\x1b[39m\x1b7\x1b[0;7m \x1b8 ');
  });

  it('prefixes each line with the pen left by the lines above', () => {
    expect(renderLines([{ ansi: 'x', pen: '\x1b[31m' }], 1, 0, null)).toContain('\x1b[1;1H\x1b[0m\x1b[31mx');
  });
});

/** A state to show and what the pane must then give back. */
interface Slide {
  readonly state: StateSpec;
  readonly label: string;
  /** Exact `-p -e` lines expected (whole screen), or null when only the text is checked. */
  readonly ansi: readonly string[] | null;
  /** Rows whose `-p -e` capture must equal these lines. */
  readonly ansiRows?: Readonly<Record<number, string>>;
}

function expectedText(state: StateSpec): string[] {
  const text = [...fixture(state.screen).text];
  for (const [row, ansi] of Object.entries(state.lines ?? {})) text[Number(row)] = stripEscapes(ansi);
  return text;
}

/** Every distinct screen (fixture + overrides) of the ready-made scenarios, plus highlight calibrations. */
function slides(): Slide[] {
  const scenarios: Scenario[] = [
    claudePermBash(),
    claudePermWrite(),
    claudePermEdit(),
    claudePermWebFetch(),
    claudeIdleWorking(),
    claudeTrustDialog(),
    codexExecApproval(),
    codexModelMigration(),
    opencodeBashApproval(),
    claudeAutoModeOffer(),
    codexWarningsOverlay(),
    claudeDenyFieldPrompt(),
    // The bench fleet's prompt of every runtime, with its working frames and idle screen.
    ...RUNTIME_IDS.map((runtime) => FLEET_RUNTIMES[runtime].prompt(1000)),
  ];
  const seen = new Set<string>();
  const out: Slide[] = [];
  for (const scenario of scenarios) {
    for (const [name, state] of Object.entries(scenario.states)) {
      const id = JSON.stringify([state.screen, state.lines ?? null, state.altScreen ?? null]);
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ state, label: `${scenario.name}/${name} (${state.screen})`, ansi: state.lines ? null : fixture(state.screen).ansi });
    }
  }
  // The synthesized highlights, drawn at the positions the lab captured, must come out as captured.
  const exec = 'panes/codex/approval-exec';
  const migration = 'panes/codex/dialog-model-migration';
  const bash = 'panes/opencode/approval-bash';
  const rejectRow = opencodeButtonLine(bash, 2);
  const option2 = fixture('panes/codex/approval-exec-option2-selected').ansi;
  const trust = 'panes/claude/startup-trust-folder';
  const trustYes = fixture('panes/claude/startup-trust-folder-yes-selected').ansi;
  out.push(
    {
      state: { screen: exec, altScreen: true, lines: codexMenuLines(exec, 0) },
      label: 'codex menu, option 1 synthesized',
      ansi: fixture(exec).ansi,
    },
    {
      state: { screen: migration, altScreen: true, lines: codexMenuLines(migration, 0) },
      label: 'codex migration, option 1 synthesized',
      ansi: fixture(migration).ansi,
    },
    {
      state: { screen: bash, altScreen: true, lines: { [rejectRow.row]: opencodeButtonLine(bash, 0).line } },
      label: 'opencode Allow once synthesized',
      ansi: fixture(bash).ansi,
    },
    {
      state: { screen: bash, altScreen: true, lines: { [rejectRow.row]: rejectRow.line } },
      label: 'opencode Reject synthesized',
      ansi: null,
      ansiRows: { [rejectRow.row]: fixture('panes/opencode/approval-bash-reject-selected').ansi[rejectRow.row] ?? '' },
    },
    // Row 14 as captured leaves the space in "No, exit" uncoloured (an Ink quirk): text-only there.
    {
      state: { screen: trust, lines: claudeMenuLines(trust, 0) },
      label: 'claude trust, "No, exit" synthesized',
      ansi: null,
      ansiRows: { 15: fixture(trust).ansi[15] ?? '' },
    },
    {
      state: { screen: trust, lines: claudeMenuLines(trust, 1) },
      label: 'claude trust, "Yes" synthesized',
      ansi: null,
      ansiRows: { 14: trustYes[14] ?? '', 15: trustYes[15] ?? '' },
    },
    {
      state: { screen: exec, altScreen: true, lines: codexMenuLines(exec, 1) },
      label: 'codex menu, option 2 synthesized',
      ansi: null,
      ansiRows: Object.fromEntries([35, 36, 37].map((r) => [r, (option2[r] ?? '').replace('lab-down.txt', 'lab-approve-1.txt')])),
    },
  );
  return out;
}

describe('every scenario screen on a real tmux pane', () => {
  const all = slides();
  let tmux: PrivateTmux;
  let agent: ScriptedAgent;

  beforeAll(async () => {
    tmux = await startPrivateTmux();
    const states: Record<string, StateSpec> = {};
    all.forEach((slide, i) => {
      const { screen, lines, altScreen } = slide.state;
      states[`s${i}`] = {
        screen,
        ...(lines ? { lines } : {}),
        ...(altScreen === undefined ? {} : { altScreen }),
        keys: { n: `s${(i + 1) % all.length}` },
      };
    });
    agent = await startScriptedAgent(tmux, { name: 'slideshow', runtime: 'claude', initial: 's0', fixturesRoot: FIXTURES_ROOT, states });
  });

  afterAll(async () => {
    await tmux.kill();
  });

  it('reproduces capture-pane -p and -p -e of each fixture', async () => {
    expect(all.length).toBeGreaterThan(50);
    for (const [i, slide] of all.entries()) {
      if (i > 0) await agent.send('n');
      await agent.waitForState(`s${i}`);
      await agent.waitForScreen(expectedText(slide.state));
      const ansi = await agent.capture({ colour: true });
      if (slide.ansi) expect(ansi, slide.label).toEqual(slide.ansi);
      for (const [row, line] of Object.entries(slide.ansiRows ?? {})) expect(ansi[Number(row)], `${slide.label} row ${row}`).toBe(line);
    }
    expect(agent.stderr()).toBe('');
  }, 60_000);
});
