/**
 * The scripted agents of a crash run: looping permission prompts (prompt → answer → idle → the
 * same prompt again), and for each runtime which of its states a safe approve or deny may reach.
 */
import type { Scenario } from '../../support/scripted-agent/scenario.ts';
import { latencyScenario } from '../../support/scenarios/index.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import type { ScriptedAgent } from '../../support/scripted-agent/start.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { AgentEvidence } from './key-evidence.ts';
import type { AgentPlan, CrashRuntime } from './run-plan.ts';

/** Per runtime: the untouched prompt state, and the states once-approve and deny lead to (scenario notes). */
export const OUTCOME_STATES: Readonly<
  Record<CrashRuntime, { readonly prompt: readonly string[]; readonly approve: readonly string[]; readonly deny: readonly string[] }>
> = {
  // Never approved-remember (2) or approved-auto-mode (3); never a moved marker (prompt-2…).
  claude: { prompt: ['prompt'], approve: ['approved', 'approved-enter'], deny: ['denied', 'denied-esc'] },
  // Never approved-always (p / 2).
  codex: { prompt: ['prompt'], approve: ['approved'], deny: ['denied', 'denied-esc'] },
  // Never always-confirm / allowed-always.
  opencode: { prompt: ['prompt'], approve: ['allowed-once'], deny: ['rejected', 'rejected-esc'] },
};

/** A running crash agent: the scripted agent, its plan, and the commands the test sent it. */
export interface CrashAgent {
  readonly name: string;
  readonly plan: AgentPlan;
  readonly agent: ScriptedAgent;
  /** Approve/deny commands issued for it, and how many the CLI reported confirmed. */
  requests: number;
  confirmed: number;
}

/** The looping scenario for a plan. */
export function crashScenario(plan: AgentPlan): Scenario {
  return latencyScenario(plan.runtime, { firstPromptMs: plan.firstPromptMs, idleMs: plan.idleMs });
}

/** Start every planned agent, each in its own tmux session. */
export async function startCrashAgents(tmux: PrivateTmux, plans: readonly AgentPlan[]): Promise<CrashAgent[]> {
  const out: CrashAgent[] = [];
  for (const [i, plan] of plans.entries()) {
    const agent = await startScriptedAgent(tmux, crashScenario(plan), { session: `crash-${i}-${plan.runtime}` });
    out.push({ name: `${plan.runtime} ${agent.paneId}`, plan, agent, requests: 0, confirmed: 0 });
  }
  return out;
}

/** The agent's evidence as the key checks read it. */
export async function evidenceOf(a: CrashAgent): Promise<AgentEvidence> {
  const states = OUTCOME_STATES[a.plan.runtime];
  return {
    name: a.name,
    paneId: a.agent.paneId,
    promptStates: new Set(states.prompt),
    approveStates: new Set(states.approve),
    denyStates: new Set(states.deny),
    records: await a.agent.records(),
    requests: a.requests,
    confirmed: a.confirmed,
  };
}
