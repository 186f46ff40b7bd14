/**
 * Claude Code 2.1.329 scenarios, each key doing what the fixture notes verified
 * (test/fixtures/panes/claude/*.md). Keys a note says do nothing (`y`, `n`) are simply not mapped:
 * the agent records them and keeps the screen.
 */
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { assertScenario } from '../scripted-agent/scenario.ts';
import { FIXTURES_ROOT } from './fixtures.ts';
import { claudeInput } from './inputs.ts';
import { claudeMenuLines } from './highlights.ts';

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

/** Keys of a prompt that lead to states other than an idle after-screen (Tab → amend). */
interface PromptExtras {
  readonly keys: Readonly<Record<string, string>>;
  readonly states: Readonly<Record<string, StateSpec>>;
}

/** A permission prompt: `keys` maps each key to [state, after-screen]; every after-screen is idle. */
function claudePrompt(
  name: string,
  prompt: string,
  keys: Record<string, readonly [string, string]>,
  opts: ClaudeScenarioOptions,
  extras: PromptExtras = { keys: {}, states: {} },
): Scenario {
  const states: Record<string, StateSpec> = { ...claudeWorkingStates(opts.workingStepMs ?? 300), ...extras.states };
  const promptKeys: Record<string, string> = { ...extras.keys };
  for (const [key, [state, after]] of Object.entries(keys)) {
    promptKeys[key] = state;
    states[state] ??= claudeIdle(after);
  }
  states['prompt'] = { screen: screen(prompt), keys: promptKeys };
  return assertScenario({ name, runtime: 'claude', initial: 'prompt', fixturesRoot: FIXTURES_ROOT, states });
}

/**
 * Bash prompt (perm-bash): `1`/Enter approve once, `2` approve + remember, `3` approve + auto
 * mode, `4`/Esc deny ("Interrupted"), Tab amend (then Esc denies), `y`/`n` nothing.
 */
export function claudePermBash(opts: ClaudeScenarioOptions = {}): Scenario {
  return claudePrompt(
    'claude-perm-bash',
    'perm-bash',
    {
      '1': ['approved', 'perm-bash-after-1'],
      Enter: ['approved-enter', 'perm-bash-after-enter'],
      '2': ['approved-remember', 'perm-bash-after-2-read'],
      '3': ['approved-auto-mode', 'perm-bash-after-3-auto-mode'],
      '4': ['denied', 'perm-bash-after-4'],
      Escape: ['denied-esc', 'perm-bash-after-esc'],
    },
    opts,
    {
      keys: { Tab: 'amend' },
      states: { amend: { screen: screen('perm-bash-tab-amend'), keys: { Escape: 'denied-esc' }, note: 'Tab: option 1 became a text field; Esc denies' } },
    },
  );
}

/** Write prompt (perm-write-new-file): `1`/Enter once, `2` accept-edits mode, `3`/Esc deny. */
export function claudePermWrite(opts: ClaudeScenarioOptions = {}): Scenario {
  return claudePrompt(
    'claude-perm-write',
    'perm-write-new-file',
    {
      '1': ['approved', 'perm-write-after-1'],
      Enter: ['approved-enter', 'perm-write-after-1'],
      '2': ['approved-accept-edits', 'perm-write-after-2-accept-edits'],
      '3': ['denied', 'perm-write-after-3'],
      Escape: ['denied-esc', 'perm-write-after-esc'],
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
      '1': ['approved', 'perm-edit-after-1'],
      Enter: ['approved-enter', 'perm-edit-after-1'],
      '2': ['approved-accept-edits', 'perm-edit-after-2-accept-edits'],
      '3': ['denied', 'perm-edit-after-3'],
      Escape: ['denied-esc', 'perm-edit-after-esc'],
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
      '1': ['approved', 'perm-webfetch-after-1'],
      Enter: ['approved-enter', 'perm-webfetch-after-1'],
      '2': ['approved-always', 'perm-webfetch-after-2'],
      '3': ['denied', 'perm-webfetch-after-3'],
      Escape: ['denied-esc', 'perm-webfetch-after-3'],
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
