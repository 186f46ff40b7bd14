/**
 * Codex CLI 0.169.0 scenarios, keys as verified in test/fixtures/panes/codex/*.md.
 * No `.meta` was captured for Codex: the screens are full-screen layouts (composer pinned to the
 * bottom), so they are drawn on the alternate screen — an assumption, not a capture.
 */
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { assertScenario } from '../scripted-agent/scenario.ts';
import { FIXTURES_ROOT, fixture, firstRow, selfContained } from './fixtures.ts';
import { codexInput } from './inputs.ts';
import { codexMenuLines } from './highlights.ts';

const screen = (name: string): string => `panes/codex/${name}`;

/** Options shared by the Codex scenarios. */
export interface CodexScenarioOptions {
  /** Time on each working screen after a submitted text (default 300 ms). */
  readonly workingStepMs?: number;
}

/** An idle Codex screen: typing replaces the composer placeholder; Enter submits and works. */
export function codexIdle(name: string, note?: string): StateSpec {
  return { screen: screen(name), altScreen: true, input: codexInput(screen(name), 'working-1'), ...(note ? { note } : {}) };
}

/** working-stream-1 → 2 → 3 → idle; Esc interrupts (interrupted-esc). */
export function codexWorkingStates(stepMs: number): Record<string, StateSpec> {
  const keys = { Escape: 'interrupted' };
  const work = (n: number, next: string): StateSpec => ({
    screen: screen(`working-stream-${n}`),
    altScreen: true,
    keys,
    after: { ms: stepMs, next },
  });
  return {
    'working-1': work(1, 'working-2'),
    'working-2': work(2, 'working-3'),
    'working-3': work(3, 'idle'),
    interrupted: codexIdle('interrupted-esc'),
    idle: codexIdle('idle-after-turn'),
  };
}

/** The after-approve screen, with the transcript line `p` prints instead of "… this time". */
function alwaysApprovedLines(): Record<string, string> {
  const after = screen('approval-exec-after-approve-1');
  const row = firstRow(after, (t) => t.includes('You approved codex to run'), 'approval');
  const command = /to run (.*) this time/.exec(fixture(after).text[row] ?? '')?.[1] ?? '';
  const line = selfContained(after, row);
  const prefix = line.slice(0, line.indexOf('You'));
  return { [String(row)]: `${prefix}You \x1b[1mapproved\x1b[0m codex to always run commands that start with \x1b[2m${command}\x1b[0m` };
}

/**
 * Exec approval (approval-exec): `1`/`y`/Enter approve once, `3`/`n`/Esc deny, `p`/`2` always
 * (writes a rule). Down/Up move the `›` marker (positions 2 and 3 synthesized); Enter confirms it.
 */
export function codexExecApproval(opts: CodexScenarioOptions = {}): Scenario {
  const prompt = screen('approval-exec');
  const direct = {
    '1': 'approved',
    y: 'approved',
    '3': 'denied',
    n: 'denied',
    Escape: 'denied-esc',
    p: 'approved-always',
    '2': 'approved-always',
  };
  const at = (n: number, enter: string, up: string, down: string): StateSpec => ({
    screen: prompt,
    altScreen: true,
    ...(n === 0 ? {} : { lines: codexMenuLines(prompt, n) }),
    keys: { ...direct, Enter: enter, Up: up, Down: down },
  });
  return assertScenario({
    name: 'codex-exec-approval',
    runtime: 'codex',
    initial: 'prompt',
    fixturesRoot: FIXTURES_ROOT,
    states: {
      ...codexWorkingStates(opts.workingStepMs ?? 300),
      prompt: at(0, 'approved', 'prompt', 'prompt-2'),
      'prompt-2': { ...at(1, 'approved-always', 'prompt', 'prompt-3'), note: 'marker on option 2 (always): Enter here writes a rule' },
      'prompt-3': { ...at(2, 'denied', 'prompt-2', 'prompt-3'), note: 'marker on option 3: Enter denies' },
      approved: codexIdle('approval-exec-after-approve-1'),
      'approved-always': {
        ...codexIdle('approval-exec-after-approve-1'),
        lines: alwaysApprovedLines(),
        note: 'p: approved and a prefix rule written',
      },
      denied: codexIdle('approval-exec-after-deny-3'),
      'denied-esc': codexIdle('approval-exec-after-esc'),
    },
  });
}

/**
 * Model-migration notice (dialog-model-migration): Esc and Enter confirm the highlighted option
 * (`1. Try new model` → the footer shows GPT-6-Sol); `2` keeps the existing model at once.
 * Down moves the marker to option 2 (synthesized), where Esc/Enter keep the existing model.
 */
export function codexModelMigration(opts: CodexScenarioOptions = {}): Scenario {
  const dialog = screen('dialog-model-migration');
  return assertScenario({
    name: 'codex-model-migration',
    runtime: 'codex',
    initial: 'migration',
    fixturesRoot: FIXTURES_ROOT,
    states: {
      ...codexWorkingStates(opts.workingStepMs ?? 300),
      migration: {
        screen: dialog,
        altScreen: true,
        keys: { Escape: 'new-model', Enter: 'new-model', '2': 'existing-model', Down: 'migration-2' },
      },
      'migration-2': {
        screen: dialog,
        altScreen: true,
        lines: codexMenuLines(dialog, 1),
        keys: { Escape: 'existing-model', Enter: 'existing-model', '2': 'existing-model', Up: 'migration' },
      },
      'new-model': codexIdle('model-migration-after-esc', 'switched to the new model'),
      'existing-model': codexIdle('idle-startup', 'kept the configured model'),
    },
  });
}

/**
 * Start-up warnings overlay (overlay-warnings): Esc dismisses it and closes (the one dialog the
 * watchdog may dismiss); F2 on the idle screen (`⚠ 1 warning · f2 to view`) opens it again.
 */
export function codexWarningsOverlay(opts: CodexScenarioOptions = {}): Scenario {
  const working = codexWorkingStates(opts.workingStepMs ?? 300);
  return assertScenario({
    name: 'codex-warnings-overlay',
    runtime: 'codex',
    initial: 'overlay',
    fixturesRoot: FIXTURES_ROOT,
    states: {
      ...working,
      overlay: { screen: screen('overlay-warnings'), altScreen: true, keys: { Escape: 'idle' } },
      idle: { ...codexIdle('idle-after-turn'), keys: { F2: 'overlay' } },
    },
  });
}
