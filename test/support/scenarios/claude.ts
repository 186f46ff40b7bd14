/**
 * Claude Code 2.1.329 scenarios, each key doing what the fixture notes verified
 * (test/fixtures/panes/claude/*.md). Keys a note says do nothing (`y`, `n`) are simply not mapped:
 * the agent records them and keeps the screen.
 */
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { assertScenario } from '../scripted-agent/scenario.ts';
import { FIXTURES_ROOT } from './fixtures.ts';
import { claudeInput } from './inputs.ts';
import { claudeMenuLines, claudeOptionLines } from './highlights.ts';

const screen = (name: string): string => `panes/claude/${name}`;

/** Options shared by the Claude scenarios. */
export interface ClaudeScenarioOptions {
  /** Time on each of the three working screens after a submitted text (default 300 ms). */
  readonly workingStepMs?: number;
}

/** An idle Claude screen: typing edits the `❯` line, Enter submits and starts working. */
export function claudeIdle(name: string, note?: string): StateSpec {
  return { screen: screen(name), input: claudeInput(screen(name), 'working-1'), ...(note ? { note } : {}) };
}

/** working-1 → working-2 → working-3 → idle, Esc interrupts (verified on working-1/2). */
export function claudeWorkingStates(stepMs: number): Record<string, StateSpec> {
  const interrupt = { Escape: 'interrupted' };
  return {
    'working-1': { screen: screen('working-1'), keys: interrupt, after: { ms: stepMs, next: 'working-2' } },
    'working-2': { screen: screen('working-2'), keys: interrupt, after: { ms: stepMs, next: 'working-3' } },
    'working-3': { screen: screen('working-3'), keys: interrupt, after: { ms: stepMs, next: 'idle' } },
    interrupted: claudeIdle('working-after-esc', 'Esc while working: "Interrupted · What should Claude do instead?"'),
    idle: claudeIdle('idle-after-turn'),
  };
}

/** What each answer of a numbered prompt leads to: [state, after-screen], the after-screen idle. */
interface PromptAnswers {
  /** Option i+1 (its digit key, and Enter when the marker is on it). */
  readonly options: ReadonlyArray<readonly [string, string]>;
  /** Enter with the marker on option 1, when the lab captured it separately. */
  readonly enter: readonly [string, string];
  readonly escape: readonly [string, string];
  /** Extra keys on the untouched prompt only (Tab → amend) and the states they lead to. */
  readonly extraKeys?: Readonly<Record<string, string>>;
  readonly extraStates?: Readonly<Record<string, StateSpec>>;
}

/**
 * A numbered permission prompt. Digits answer at once; Escape cancels; Down/Up move the `❯` marker
 * (states `prompt-2`…, synthesized) and Enter confirms the marked option; `y`/`n` are not mapped.
 */
function claudePrompt(name: string, prompt: string, answers: PromptAnswers, opts: ClaudeScenarioOptions): Scenario {
  const states: Record<string, StateSpec> = { ...claudeWorkingStates(opts.workingStepMs ?? 300), ...answers.extraStates };
  const idle = ([state, after]: readonly [string, string]): string => {
    states[state] ??= claudeIdle(after);
    return state;
  };
  const digits: Record<string, string> = { Escape: idle(answers.escape) };
  answers.options.forEach((answer, i) => {
    digits[String(i + 1)] = idle(answer);
  });
  const count = answers.options.length;
  const at = (i: number): string => (i === 0 ? 'prompt' : `prompt-${i + 1}`);
  for (let i = 0; i < count; i++) {
    const enter = i === 0 ? idle(answers.enter) : (answers.options[i]?.[0] ?? 'prompt');
    states[at(i)] = {
      screen: screen(prompt),
      ...(i === 0 ? {} : { lines: claudeOptionLines(screen(prompt), i), note: `marker on option ${i + 1} (synthesized)` }),
      keys: {
        ...digits,
        ...(i === 0 ? answers.extraKeys : {}),
        Enter: enter,
        Up: at(Math.max(0, i - 1)),
        Down: at(Math.min(count - 1, i + 1)),
      },
    };
  }
  return assertScenario({ name, runtime: 'claude', initial: 'prompt', fixturesRoot: FIXTURES_ROOT, states });
}

/**
 * Bash prompt (perm-bash): `1`/Enter approve once, `2` approve + remember, `3` approve + auto
 * mode, `4`/Esc deny ("Interrupted"), Down×3 Enter deny, Tab amend (then Esc denies), `y`/`n` nothing.
 */
export function claudePermBash(opts: ClaudeScenarioOptions = {}): Scenario {
  return claudePrompt(
    'claude-perm-bash',
    'perm-bash',
    {
      options: [
        ['approved', 'perm-bash-after-1'],
        ['approved-remember', 'perm-bash-after-2-read'],
        ['approved-auto-mode', 'perm-bash-after-3-auto-mode'],
        ['denied', 'perm-bash-after-4'],
      ],
      enter: ['approved-enter', 'perm-bash-after-enter'],
      escape: ['denied-esc', 'perm-bash-after-esc'],
      extraKeys: { Tab: 'amend' },
      extraStates: {
        amend: {
          screen: screen('perm-bash-tab-amend'),
          keys: { Escape: 'denied-esc' },
          note: 'Tab: option 1 became a text field; Esc denies',
        },
      },
    },
    opts,
  );
}

/** Write prompt (perm-write-new-file): `1`/Enter once, `2` accept-edits mode, `3`/Esc deny. */
export function claudePermWrite(opts: ClaudeScenarioOptions = {}): Scenario {
  return claudePrompt(
    'claude-perm-write',
    'perm-write-new-file',
    {
      options: [
        ['approved', 'perm-write-after-1'],
        ['approved-accept-edits', 'perm-write-after-2-accept-edits'],
        ['denied', 'perm-write-after-3'],
      ],
      enter: ['approved-enter', 'perm-write-after-1'],
      escape: ['denied-esc', 'perm-write-after-esc'],
    },
    opts,
  );
}

/** Edit prompt (perm-edit-existing-file): `1`/Enter once, `2` accept-edits mode, `3`/Esc deny. */
export function claudePermEdit(opts: ClaudeScenarioOptions = {}): Scenario {
  return claudePrompt(
    'claude-perm-edit',
    'perm-edit-existing-file',
    {
      options: [
        ['approved', 'perm-edit-after-1'],
        ['approved-accept-edits', 'perm-edit-after-2-accept-edits'],
        ['denied', 'perm-edit-after-3'],
      ],
      enter: ['approved-enter', 'perm-edit-after-1'],
      escape: ['denied-esc', 'perm-edit-after-esc'],
    },
    opts,
  );
}

/** WebFetch prompt (no footer): `1`/Enter once, `2` don't ask again for the domain, `3`/Esc deny. */
export function claudePermWebFetch(opts: ClaudeScenarioOptions = {}): Scenario {
  return claudePrompt(
    'claude-perm-webfetch',
    'perm-webfetch',
    {
      options: [
        ['approved', 'perm-webfetch-after-1'],
        ['approved-always', 'perm-webfetch-after-2'],
        ['denied', 'perm-webfetch-after-3'],
      ],
      enter: ['approved-enter', 'perm-webfetch-after-1'],
      escape: ['denied-esc', 'perm-webfetch-after-3'],
    },
    opts,
  );
}

/** Idle at the input prompt; a submitted text → working (three screens) → idle again. */
export function claudeIdleWorking(opts: ClaudeScenarioOptions = {}): Scenario {
  return assertScenario({
    name: 'claude-idle-working',
    runtime: 'claude',
    initial: 'idle',
    fixturesRoot: FIXTURES_ROOT,
    states: claudeWorkingStates(opts.workingStepMs ?? 300),
  });
}

/**
 * Trust dialog at start-up (default `No, exit`): Enter or Esc print "didn't start because this
 * folder isn't trusted" and the program exits; Down then Enter trusts and reaches the idle prompt.
 */
export function claudeTrustDialog(opts: ClaudeScenarioOptions = {}): Scenario {
  return assertScenario({
    name: 'claude-trust-dialog',
    runtime: 'claude',
    initial: 'trust',
    fixturesRoot: FIXTURES_ROOT,
    states: {
      ...claudeWorkingStates(opts.workingStepMs ?? 300),
      trust: { screen: screen('startup-trust-folder'), keys: { Enter: 'exited', Escape: 'exited', Down: 'trust-yes' } },
      'trust-yes': { screen: screen('startup-trust-folder-yes-selected'), keys: { Up: 'trust', Enter: 'trusted', Escape: 'exited' } },
      trusted: claudeIdle('idle-fresh-session', 'trusted: the full-screen UI starts'),
      // The exit code is not in the captures; 1 is what a refusal to start looks like.
      exited: { screen: screen('startup-trust-folder-after-esc'), exit: 1 },
    },
  });
}

/**
 * Start-up offer to make auto mode the default (startup-auto-mode-default-offer): Down then Enter
 * keeps manual mode (verified). Enter on the default `Yes` turning auto mode on is what the screen
 * says, not a verified key; the "No" highlight is synthesized.
 */
export function claudeAutoModeOffer(opts: ClaudeScenarioOptions = {}): Scenario {
  const offer = screen('startup-auto-mode-default-offer');
  return assertScenario({
    name: 'claude-auto-mode-offer',
    runtime: 'claude',
    initial: 'offer',
    fixturesRoot: FIXTURES_ROOT,
    states: {
      ...claudeWorkingStates(opts.workingStepMs ?? 300),
      offer: { screen: offer, keys: { Down: 'offer-no', Enter: 'auto-mode-default' } },
      'offer-no': { screen: offer, lines: claudeMenuLines(offer, 1), keys: { Up: 'offer', Enter: 'manual-mode' } },
      'auto-mode-default': claudeIdle('startup-first-idle-auto-mode-notice', 'unverified: Enter on the default Yes'),
      'manual-mode': claudeIdle('idle-fresh-session', 'kept manual mode'),
    },
  });
}
