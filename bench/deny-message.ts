/**
 * The deny-message phase: from `item:deny` with a message to the engine's confirmed delivery, per runtime,
 * on scripted agents drawing the real captures in a private tmux (Claude: Down to `4. No`, Tab, the text
 * into the field, Enter, the prompt gone; Codex `3`, opencode Escape, then the text at the input prompt,
 * Enter, the box empty again). Each agent loops: after the message is taken it works, idles, and asks again.
 */
import { startEngineHarness } from '../test/support/engine-harness.ts';
import { poll } from '../test/support/poll.ts';
import { claudeDenyFieldPrompt, codexExecApproval, opencodeBashApproval } from '../test/support/scenarios/index.ts';
import type { Scenario } from '../test/support/scripted-agent/scenario.ts';
import { startScriptedAgent } from '../test/support/scripted-agent/start.ts';
import type { Summary } from './stats.ts';
import { summarize } from './stats.ts';

/** The target: command → confirmed delivery, p95 (the typing checks wait for the CLI to draw). */
export const DENY_MESSAGE_TARGET_MS = 1500;

/** One runtime's figures. */
export interface DenyMessageRuntimeResult {
  readonly runtime: 'claude' | 'codex' | 'opencode';
  readonly delivery: Summary;
  readonly outcomes: Readonly<Record<string, number>>;
  /** Keys the agent received, by name: never a digit or `y` but the deny key, the message only as a paste. */
  readonly keys: Readonly<Record<string, number>>;
}

export interface DenyMessageResult {
  readonly samples: number;
  readonly runtimes: readonly DenyMessageRuntimeResult[];
}

/** `state` goes back to the prompt `ms` after it is drawn: the loop's next ask. */
function backToPrompt(s: Scenario, state: string, ms: number): Scenario {
  const at = s.states[state];
  if (!at) throw new Error(`${s.name}: no state ${state}`);
  return { ...s, name: `${s.name}-deny-loop`, states: { ...s.states, [state]: { ...at, after: { ms, next: s.initial } } } };
}

const LOOPS: ReadonlyArray<{ runtime: DenyMessageRuntimeResult['runtime']; scenario: () => Scenario }> = [
  // The field submits straight to the idle screen "Not run · rejected".
  { runtime: 'claude', scenario: () => backToPrompt(claudeDenyFieldPrompt(), 'denied-with-message', 400) },
  // The message is submitted at the input prompt: working × 3, then idle, then the prompt again.
  { runtime: 'codex', scenario: () => backToPrompt(codexExecApproval({ workingStepMs: 150 }), 'idle', 400) },
  { runtime: 'opencode', scenario: () => backToPrompt(opencodeBashApproval({ workingStepMs: 150 }), 'idle', 400) },
];

/** Run `samples` deny-with-message round trips per runtime, one engine and one agent each. */
export async function runDenyMessageBench(opts: { readonly samples: number }): Promise<DenyMessageResult> {
  const runtimes: DenyMessageRuntimeResult[] = [];
  for (const loop of LOOPS) {
    const h = await startEngineHarness();
    try {
      const agent = await startScriptedAgent(h.tmux, loop.scenario(), { session: `deny-${loop.runtime}` });
      const times: number[] = [];
      const outcomes: Record<string, number> = {};
      for (let i = 0; i < opts.samples; i++) {
        const item = await poll(
          async () => {
            const env = await h.engine.api['queue:list']({});
            return env.ok ? env.value.find((it) => it.reason === 'permission' && it.denyLabel !== null) : undefined;
          },
          `${loop.runtime}: prompt ${i + 1}`,
          { timeoutMs: 30_000, intervalMs: 20 },
        );
        const message = `bench ${i}: use pnpm, 1 2 y`;
        const started = performance.now();
        const env = await h.engine.api['item:deny']({ id: item.id, fingerprint: item.fingerprint, message });
        const elapsed = performance.now() - started;
        const outcome = env.ok ? env.value.outcome : env.error.code;
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        if (outcome === 'confirmed') times.push(elapsed);
      }
      const keys: Record<string, number> = {};
      for (const k of await agent.keyNames()) keys[k] = (keys[k] ?? 0) + 1;
      runtimes.push({ runtime: loop.runtime, delivery: summarize(times), outcomes, keys });
    } finally {
      await h.dispose();
    }
  }
  return { samples: opts.samples, runtimes };
}
