/** The ready-made scenarios react to keys as the fixture notes say (walked through the pure machine). */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { react } from '../../../support/scripted-agent/machine.ts';
import { charKeyName } from '../../../support/scripted-agent/keys.ts';
import type { Scenario } from '../../../support/scripted-agent/scenario.ts';
import { scenarioProblems } from '../../../support/scripted-agent/scenario.ts';
import {
  FIXTURES_ROOT,
  claudeIdleWorking,
  claudeAutoModeOffer,
  claudePermBash,
  claudePermEdit,
  claudePermWebFetch,
  claudePermWrite,
  claudeTrustDialog,
  codexExecApproval,
  codexModelMigration,
  codexWarningsOverlay,
  latencyScenario,
  opencodeBashApproval,
} from '../../../support/scenarios/index.ts';

/** Walk `keys` (tmux names, or literal text for typing) from the initial state; return the final state and submissions. */
function walk(scenario: Scenario, keys: readonly string[]): { state: string; submitted: string[] } {
  let state = scenario.initial;
  let draft = '';
  const submitted: string[] = [];
  for (const name of keys) {
    const spec = scenario.states[state];
    if (!spec) throw new Error(`no state ${state}`);
    const raw = name.length === 1 ? name : '';
    const r = react(spec, draft, { name: name.length === 1 ? charKeyName(name) : name, raw });
    if (r.kind === 'edit') draft = r.draft;
    if (r.kind === 'submit') submitted.push(r.text);
    if (r.kind === 'goto' || r.kind === 'submit') {
      state = r.next;
      draft = '';
    }
  }
  return { state, submitted };
}

const all: Array<[string, Scenario]> = [
  ['claudePermBash', claudePermBash()],
  ['claudePermWrite', claudePermWrite()],
  ['claudePermEdit', claudePermEdit()],
  ['claudePermWebFetch', claudePermWebFetch()],
  ['claudeIdleWorking', claudeIdleWorking()],
  ['claudeTrustDialog', claudeTrustDialog()],
  ['codexExecApproval', codexExecApproval()],
  ['codexModelMigration', codexModelMigration()],
  ['opencodeBashApproval', opencodeBashApproval()],
  ['claudeAutoModeOffer', claudeAutoModeOffer()],
  ['codexWarningsOverlay', codexWarningsOverlay()],
  ['latency claude', latencyScenario('claude', { firstPromptMs: 100 })],
  ['latency codex', latencyScenario('codex', { firstPromptMs: 100 })],
  ['latency opencode', latencyScenario('opencode', { firstPromptMs: 100 })],
];

describe('ready-made scenarios', () => {
  it.each(all)('%s is sound and every screen it draws is a copied fixture', (_name, scenario) => {
    expect(scenarioProblems(scenario)).toEqual([]);
    for (const state of Object.values(scenario.states))
      expect(existsSync(join(FIXTURES_ROOT, `${state.screen}.ansi`)), state.screen).toBe(true);
  });
});

describe('claude Bash prompt (perm-bash.md)', () => {
  const s = claudePermBash();
  it.each([
    [['1'], 'approved'],
    [['Enter'], 'approved-enter'],
    [['2'], 'approved-remember'],
    [['3'], 'approved-auto-mode'],
    [['4'], 'denied'],
    [['Escape'], 'denied-esc'],
    [['Tab', 'Escape'], 'denied-esc'],
    [['Down', 'Down', 'Down', 'Enter'], 'denied'],
    [['Down', 'Enter'], 'approved-remember'],
    [['Down', 'Up', 'Enter'], 'approved-enter'],
    [['Down', '1'], 'approved'],
    [['Down', 'Down', 'Down', 'Down', 'Enter'], 'denied'],
    [['y'], 'prompt'],
    [['n'], 'prompt'],
  ])('%j → %s', (keys, state) => {
    expect(walk(s, keys).state).toBe(state);
  });
});

describe('claude Write / Edit / WebFetch prompts', () => {
  it.each([
    [claudePermWrite(), ['1'], 'approved'],
    [claudePermWrite(), ['2'], 'approved-accept-edits'],
    [claudePermWrite(), ['3'], 'denied'],
    [claudePermWrite(), ['Escape'], 'denied-esc'],
    [claudePermEdit(), ['Enter'], 'approved-enter'],
    [claudePermEdit(), ['3'], 'denied'],
    [claudePermWebFetch(), ['2'], 'approved-always'],
    [claudePermWebFetch(), ['3'], 'denied'],
    [claudePermWebFetch(), ['Escape'], 'denied-esc'],
    [claudePermWebFetch(), ['y'], 'prompt'],
    [claudePermWrite(), ['Down', 'Down', 'Enter'], 'denied'],
  ])('%# %s: %j → %s', (s, keys, state) => {
    expect(walk(s, keys).state).toBe(state);
  });
});

describe('claude idle ↔ working', () => {
  it('types text at the idle prompt and submits it with Enter', () => {
    expect(walk(claudeIdleWorking(), [...'go on', 'Enter'])).toEqual({ state: 'working-1', submitted: ['go on'] });
  });

  it('types a digit into the input instead of answering anything (idle-after-turn.md)', () => {
    expect(walk(claudeIdleWorking(), ['1', 'Enter'])).toEqual({ state: 'working-1', submitted: ['1'] });
  });

  it('interrupts working with Esc', () => {
    expect(walk(claudeIdleWorking(), ['x', 'Enter', 'Escape']).state).toBe('interrupted');
  });

  it('submits nothing after C-u cleared the draft', () => {
    expect(walk(claudeIdleWorking(), ['a', 'C-u', 'Enter'])).toEqual({ state: 'idle', submitted: [] });
  });
});

describe('claude trust dialog (startup-trust-folder.md)', () => {
  it.each([
    [['Enter'], 'exited'],
    [['Escape'], 'exited'],
    [['Down', 'Enter'], 'trusted'],
    [['2'], 'trust'],
  ])('%j → %s', (keys, state) => {
    expect(walk(claudeTrustDialog(), keys).state).toBe(state);
  });

  it('exits the program on the exit screen', () => {
    expect(claudeTrustDialog().states['exited']?.exit).toBe(1);
  });
});

describe('codex exec approval (approval-exec.md)', () => {
  it.each([
    [['1'], 'approved'],
    [['y'], 'approved'],
    [['Enter'], 'approved'],
    [['3'], 'denied'],
    [['n'], 'denied'],
    [['Escape'], 'denied-esc'],
    [['p'], 'approved-always'],
    [['Down', 'Enter'], 'approved-always'],
    [['Down', 'Down', 'Enter'], 'denied'],
  ])('%j → %s', (keys, state) => {
    expect(walk(codexExecApproval(), keys).state).toBe(state);
  });
});

describe('codex model migration (dialog-model-migration.md)', () => {
  it.each([
    [['Escape'], 'new-model'],
    [['Enter'], 'new-model'],
    [['2'], 'existing-model'],
    [['Down', 'Escape'], 'existing-model'],
  ])('%j → %s', (keys, state) => {
    expect(walk(codexModelMigration(), keys).state).toBe(state);
  });
});

describe('claude auto-mode offer (startup-auto-mode-default-offer.md)', () => {
  it.each([
    [['Down', 'Enter'], 'manual-mode'],
    [['Down', 'Up', 'Enter'], 'auto-mode-default'],
    [['Escape'], 'offer'],
  ])('%j → %s', (keys, state) => {
    expect(walk(claudeAutoModeOffer(), keys).state).toBe(state);
  });
});

describe('codex warnings overlay (overlay-warnings.md)', () => {
  it.each([
    [['Escape'], 'idle'],
    [['Escape', 'F2'], 'overlay'],
    [['Enter'], 'overlay'],
  ])('%j → %s', (keys, state) => {
    expect(walk(codexWarningsOverlay(), keys).state).toBe(state);
  });
});

describe('opencode bash approval (approval-bash.md)', () => {
  it.each([
    [['Enter'], 'allowed-once'],
    [['Right'], 'prompt-always'],
    [['Right', 'Right', 'Enter'], 'rejected'],
    [['Left', 'Enter'], 'rejected'],
    [['Right', 'Right', 'Right', 'Left'], 'prompt-reject'],
    [['Escape'], 'rejected-esc'],
    [['End', 'Enter'], 'allowed-once'],
    [['Home', 'Enter'], 'allowed-once'],
    [['Tab', 'Enter'], 'allowed-once'],
    [['Right', 'Enter'], 'always-confirm'],
    [['Right', 'Enter', 'Enter'], 'allowed-always'],
    [['Right', 'Enter', 'Escape'], 'prompt'],
  ])('%j → %s', (keys, state) => {
    expect(walk(opencodeBashApproval(), keys).state).toBe(state);
  });
});

describe('latency loop', () => {
  const s = latencyScenario('claude', { firstPromptMs: 250, idleMs: 500 });

  it('shows the prompt only after the first delay', () => {
    expect([s.initial, s.states['waiting']?.after]).toEqual(['waiting', { ms: 250, next: 'prompt' }]);
  });

  it('goes back to the prompt after each answer', () => {
    for (const name of ['approved', 'approved-enter', 'denied', 'denied-esc'])
      expect(s.states[name]?.after).toEqual({ ms: 500, next: 'prompt' });
  });
});
