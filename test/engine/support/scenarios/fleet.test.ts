/**
 * The mixed fleet's scripted agents read as intended through the real recognisers: for every runtime,
 * its working frames are `working`, its idle screen is `idle`, its prompt is the permission item the
 * bench expects (runtime, approve key and label), and every answer leads to a screen that is not a
 * prompt and back to the prompt. Without this a bench on these agents could measure nothing.
 */
import { describe, expect, it } from 'vitest';
import { approvePreview } from '../../../../main/engine/api/dto.ts';
import { RUNTIMES, runtimeById } from '../../../../main/engine/runtimes/catalog.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import type { RuntimeId, Screen } from '../../../../main/engine/runtimes/types.ts';
import { RUNTIME_IDS } from '../../../../main/engine/runtimes/types.ts';
import { FLEET_RUNTIMES, latencyScenario } from '../../../support/scenarios/index.ts';
import { fixture } from '../../../support/scenarios/fixtures.ts';
import type { Scenario, StateSpec } from '../../../support/scripted-agent/scenario.ts';
import { scenarioProblems } from '../../../support/scripted-agent/scenario.ts';
import { stripEscapes } from '../../../support/scripted-agent/screen.ts';

/** The pane as the agent draws the state (its `lines` overrides applied), read by the runtime's recogniser. */
function read(runtime: RuntimeId, state: StateSpec | undefined): Screen {
  if (!state) throw new Error('no such state');
  const f = fixture(state.screen);
  const ansiLines = f.ansi.map((line, row) => state.lines?.[String(row)] ?? line);
  const lines = f.text.map((line, row) => (state.lines?.[String(row)] === undefined ? line : stripEscapes(ansiLines[row] ?? '')));
  return runtimeById(runtime).classify({ lines, ansiLines });
}

/** The rows of a state's screen as drawn (overrides applied), to tell frames apart. */
function drawn(state: StateSpec | undefined): string {
  const f = fixture(state?.screen ?? '');
  return f.ansi.map((line, row) => state?.lines?.[String(row)] ?? line).join('\n');
}

describe.each(RUNTIME_IDS.map((id) => [id] as const))('fleet agent %s', (runtime) => {
  const entry = FLEET_RUNTIMES[runtime];

  it('is discovered as this runtime by its process name', () => {
    expect(RUNTIMES.find((r) => r.matchesProcess(entry.processName))?.id).toBe(runtime);
  });

  it('draws three working frames that read as working and differ, then an idle screen', () => {
    const states = entry.working(100);
    const frames = ['working-1', 'working-2', 'working-3'].map((name) => states[name]);
    for (const frame of frames) expect(read(runtime, frame)).toMatchObject({ kind: 'working', runtime });
    // A busy agent redraws: each step changes the pane, as a spinner and streamed text do.
    expect(new Set(frames.map(drawn)).size).toBe(3);
    expect(states['working-3']?.after?.next).toBe('idle');
    expect(read(runtime, states['idle'])).toMatchObject({ kind: 'idle', runtime });
  });

  describe('its looping prompt (the detection bench)', () => {
    const scenario: Scenario = latencyScenario(runtime, { firstPromptMs: 500, idleMs: 1600 });
    const waiting = scenario.states[scenario.initial];
    const promptName = waiting?.after?.next ?? '';
    const prompt = scenario.states[promptName];

    it('is a sound scenario that starts working and draws the prompt after firstPromptMs', () => {
      expect(scenarioProblems(scenario)).toEqual([]);
      expect(scenario.runtime).toBe(entry.processName);
      expect(read(runtime, waiting)).toMatchObject({ kind: 'working', runtime });
    });

    it('reads as the expected permission item: runtime, approve key and label', () => {
      const screen = read(runtime, prompt);
      expect(screen).toMatchObject({ kind: entry.expected.reason, runtime: entry.expected.runtime, confidence: 'high' });
      if (screen.kind !== 'permission') return;
      expect(approveKeyFor(screen)).toBe(entry.expected.approveKey);
      expect(approvePreview(screen).label).toBe(entry.expected.approveLabel);
    });

    it('answers approve with a screen that is no prompt, and asks again after idleMs', () => {
      const approved = prompt?.keys?.[entry.expected.approveKey] ?? '';
      const after = scenario.states[approved];
      expect(approved, 'the approve key is mapped').not.toBe('');
      expect(read(runtime, after).kind).not.toBe('permission');
      expect(after?.after).toEqual({ ms: 1600, next: promptName });
    });

    it('answers deny with a screen that is no prompt', () => {
      const screen = read(runtime, prompt);
      const deny = screen.kind === 'permission' ? denyKeyFor(screen) : null;
      const denied = prompt?.keys?.[deny ?? ''] ?? '';
      expect(denied, `the deny key ${deny} is mapped`).not.toBe('');
      expect(read(runtime, scenario.states[denied]).kind).not.toBe('permission');
    });
  });
});
