/** The bench's fleets: every runtime in the mix, each agent with the item its prompt must produce. */
import { describe, expect, it } from 'vitest';
import { BENCH_RUNTIMES, REPLY_RUNTIMES, loopingPrompt, promptingAgent, runtimeAt, soakLoop, workingLoop } from '../../bench/scenarios.ts';
import { RUNTIME_IDS } from '../../main/engine/runtimes/types.ts';
import { FLEET_RUNTIMES } from '../support/scenarios/fleet.ts';
import { ANSWER_SHOWN_MS } from '../support/scenarios/latency.ts';

describe('bench fleets', () => {
  it('mix all nine runtimes in turn', () => {
    expect([...BENCH_RUNTIMES].sort()).toEqual([...RUNTIME_IDS].sort());
    expect(new Set(Array.from({ length: 9 }, (_, i) => runtimeAt(i))).size).toBe(9);
  });

  it.each(RUNTIME_IDS.map((id) => [id] as const))(
    '%s: agents show its process name, and its looping prompt carries its expected item',
    (runtime) => {
      const { processName, expected } = FLEET_RUNTIMES[runtime];
      const loop = loopingPrompt(runtime, { firstPromptMs: 500, idleMs: 1600 });
      expect(loop.expected).toEqual(expected);
      expect(loop.scenario.states[loop.promptState]?.keys?.[expected.approveKey]).toBeDefined();
      for (const scenario of [loop.scenario, workingLoop(runtime, 100), promptingAgent(runtime)])
        expect(scenario.runtime).toBe(processName);
    },
  );

  it.each(RUNTIME_IDS.map((id) => [id] as const))(
    '%s: with periodMs, the approved screen asks again periodMs after the prompt was drawn, not after the answer',
    (runtime) => {
      const { expected } = FLEET_RUNTIMES[runtime];
      const paced = loopingPrompt(runtime, { firstPromptMs: 500, periodMs: 4000 });
      const approved = paced.scenario.states[paced.scenario.states[paced.promptState]?.keys?.[expected.approveKey] ?? ''];
      expect(approved?.after).toEqual({ ms: 4000, next: paced.promptState, from: paced.promptState, minMs: ANSWER_SHOWN_MS });
      // Without it, the idle time counts from the answer, as before.
      const idle = loopingPrompt(runtime, { firstPromptMs: 500, idleMs: 1600 });
      const idleApproved = idle.scenario.states[idle.scenario.states[idle.promptState]?.keys?.[expected.approveKey] ?? ''];
      expect(idleApproved?.after?.next).toBe(idle.promptState);
      expect(idleApproved?.after?.from).toBeUndefined();
    },
  );

  it('soak agents are the runtimes whose idle screen takes a reply', () => {
    for (const runtime of REPLY_RUNTIMES) {
      const scenario = soakLoop(runtime, { firstPromptMs: 500, workStepMs: 100 });
      const approved = scenario.states[scenario.states['prompt']?.keys?.[FLEET_RUNTIMES[runtime].expected.approveKey] ?? ''];
      expect(approved?.input?.submit, runtime).toBe('working-1');
    }
  });
});
